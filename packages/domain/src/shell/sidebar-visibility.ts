/**
 * Who sees which sidebar item (spec §5 "Sidebar visibility"). Shared by the server (static info for
 * guests) and the web app (the player's sidebar). Structural types so that domain needs no contracts.
 */

export interface SidebarItemFlags {
  id?: string;
  url: string;
  is_granted_for_guest: boolean;
  show_player_with_deposits: boolean;
  show_player_without_deposits: boolean;
}

export interface SidebarViewer {
  isGuest: boolean;
  /** depositsCount > 0. */
  hasDeposits: boolean;
  gameMode: 'TournamentPoints' | 'SweepStakes';
  /** The weekly or monthly promo lottery is running. */
  lotteryActive: boolean;
}

/** A lottery item: id `lottery` or a link into /lottery. */
export function isLotteryItem(item: SidebarItemFlags): boolean {
  return item.id === 'lottery' || /^\/(?:[a-z]{2}\/)?lottery(?:[/?#]|$)/.test(item.url);
}

/** A redeem item: id `redeem` or a link to the cash widget's redeem route. */
export function isRedeemItem(item: SidebarItemFlags): boolean {
  return item.id === 'redeem' || /(?:^|\/|#)cash\/redeem(?:[/?#]|$)/.test(item.url);
}

/** True when this viewer may see the item. */
export function isSidebarItemVisible(item: SidebarItemFlags, viewer: SidebarViewer): boolean {
  if (viewer.isGuest) {
    if (!item.is_granted_for_guest) return false;
  } else if (viewer.hasDeposits ? !item.show_player_with_deposits : !item.show_player_without_deposits) {
    return false;
  }
  if (isLotteryItem(item) && !viewer.lotteryActive) return false;
  // Redeem turns Fortune Coin winnings into prizes: it exists only in SweepStakes mode (and never for guests).
  if (isRedeemItem(item) && (viewer.isGuest || viewer.gameMode !== 'SweepStakes')) return false;
  return true;
}

/** The items this viewer sees, in their order. */
export function visibleSidebarItems<T extends SidebarItemFlags>(items: readonly T[], viewer: SidebarViewer): T[] {
  return items.filter((item) => isSidebarItemVisible(item, viewer));
}
