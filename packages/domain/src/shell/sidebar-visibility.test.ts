import { describe, expect, it } from 'vitest';
import { isLotteryItem, isRedeemItem, isSidebarItemVisible, visibleSidebarItems, type SidebarItemFlags, type SidebarViewer } from './sidebar-visibility';

const item = (id: string, url: string, flags: Partial<SidebarItemFlags> = {}): SidebarItemFlags => ({
  id,
  url,
  is_granted_for_guest: false,
  show_player_with_deposits: true,
  show_player_without_deposits: true,
  ...flags,
});

const guest: SidebarViewer = { isGuest: true, hasDeposits: false, gameMode: 'TournamentPoints', lotteryActive: true };
const depositor: SidebarViewer = { isGuest: false, hasDeposits: true, gameMode: 'TournamentPoints', lotteryActive: true };
const newPlayer: SidebarViewer = { isGuest: false, hasDeposits: false, gameMode: 'TournamentPoints', lotteryActive: true };

describe('sidebar visibility', () => {
  const items = [
    item('lobby', '/lobby/', { is_granted_for_guest: true }),
    item('vip', '/vip/', { show_player_without_deposits: false }),
    item('welcome-offer', '/promotions/', { show_player_with_deposits: false }),
    item('lottery', '/lottery/'),
    item('redeem', '/#/cash/redeem/'),
  ];

  it('shows guests only the items granted for guests', () => {
    expect(visibleSidebarItems(items, guest).map((i) => i.id)).toEqual(['lobby']);
  });

  it('shows depositors the depositor items and non-depositors their own', () => {
    expect(visibleSidebarItems(items, depositor).map((i) => i.id)).toEqual(['lobby', 'vip', 'lottery']);
    expect(visibleSidebarItems(items, newPlayer).map((i) => i.id)).toEqual(['lobby', 'welcome-offer', 'lottery']);
  });

  it('hides lottery items while no lottery is active', () => {
    expect(visibleSidebarItems(items, { ...depositor, lotteryActive: false }).map((i) => i.id)).toEqual(['lobby', 'vip']);
    expect(isSidebarItemVisible(item('x', '/es/lottery?type=weekly', { is_granted_for_guest: true }), { ...guest, lotteryActive: false })).toBe(false);
  });

  it('shows redeem only in SweepStakes mode, never to guests', () => {
    expect(visibleSidebarItems(items, { ...depositor, gameMode: 'SweepStakes' }).map((i) => i.id)).toEqual(['lobby', 'vip', 'lottery', 'redeem']);
    expect(isSidebarItemVisible(item('redeem', '/#/cash/redeem/', { is_granted_for_guest: true }), { ...guest, gameMode: 'SweepStakes' })).toBe(false);
  });

  it('recognises lottery and redeem items by id or by url', () => {
    expect(isLotteryItem(item('promo-lottery', '/lottery/'))).toBe(true);
    expect(isLotteryItem(item('lotto-news', '/promotions/lottery-news/'))).toBe(false);
    expect(isRedeemItem(item('cashout', '/cash/redeem/'))).toBe(true);
    expect(isRedeemItem(item('x', '/#/cash/redeem'))).toBe(true);
    expect(isRedeemItem(item('x', '/cash/deposit-by-money/'))).toBe(false);
  });
});
