import type { AppInitData, GameMode } from '@sweepstack/contracts/app/app-init';
import { playerView } from './root-data.server';
import type { FeatureNavItem, PlayerView } from './root-data';
import { PLAYER_DATA_ELEMENT_ID, type PlayerOverlay } from './player-overlay';

/**
 * The signed-in lobby served from a cache of its player-neutral render (docs/page-serving.md,
 * "Session 11"). What the neutral render may know of the player: only these fields, which are part
 * of the cache key (players who share them share the page). They decide the route rules (affiliate,
 * registration), the games a player may see (the restriction hash), and the page's layout (which
 * sections, menu entries and greeting it shows), so the player's own data, added after hydration,
 * changes texts and numbers but not the layout. No name, email, balance or id is among them.
 */
export interface NeutralPlayer {
  isAffiliate: boolean;
  registrationComplete: boolean;
  restrictionHash: string | null;
  hasPlayed: boolean;
  hasDeposits: boolean;
  gameMode: GameMode;
  /** The sidebar and tap-bar entries this player sees, without their per-player times. */
  nav: PlayerView['nav'];
  /** Whether the lobby keeps the promotions section's place (its cards load after the page): not while promotions pause. */
  hasPromotions: boolean;
}

const withoutTime = ({ availableAtMs: _availableAtMs, ...entry }: FeatureNavItem): FeatureNavItem => entry;

/**
 * From a player's app init answer: the neutral fields (and their key) and the player's own view.
 * Called by the server's page cache (apps/server/src/plugins/player-page-cache.ts) through the
 * web build's server entry.
 */
export function playerPageParts(init: AppInitData): { key: string; neutral: NeutralPlayer; player: PlayerView; favorites: number[] } | null {
  const player = playerView(init);
  if (!player) return null;
  const neutral: NeutralPlayer = {
    isAffiliate: player.isAffiliate,
    registrationComplete: player.registrationComplete,
    restrictionHash: init.playerRestrictionIdsHash ?? null,
    hasPlayed: player.hasPlayed,
    hasDeposits: player.hasDeposits,
    gameMode: player.gameMode,
    nav: { sidebar: player.nav.sidebar.map(withoutTime), tapBar: player.nav.tapBar.map(withoutTime) },
    // Promotions pause during a self-exclusion or a cool-off (features/promotions/collect.ts).
    hasPromotions: player.accountStatus !== 'SELF_EXCLUDED' && player.accountStatus !== 'COOLING_OFF',
  };
  return { key: JSON.stringify(neutral), neutral, player, favorites: init.favoriteGames };
}

/** The player view of a neutral render: the neutral fields, placeholders for everything else. */
export function neutralPlayerView(neutral: NeutralPlayer): PlayerView {
  return {
    uuid: null,
    accountStatus: null,
    login: null,
    email: null,
    hasPlayed: neutral.hasPlayed,
    isAffiliate: neutral.isAffiliate,
    emailConfirmed: true,
    gameMode: neutral.gameMode,
    hasDeposits: neutral.hasDeposits,
    registrationComplete: neutral.registrationComplete,
    balance: null,
    hasUnconfirmedTerms: false,
    features: {},
    nav: neutral.nav,
  };
}

/**
 * The player's data as the served page carries it: a JSON script the browser reads after hydration
 * (lib/player-overlay.ts). Every `<`, `>` and `&` is escaped, so no value can close the script or
 * open a comment (`</script>`, `<!--`), and U+2028/U+2029 are escaped too.
 */
export function playerDataScript(overlay: PlayerOverlay): string {
  const json = JSON.stringify(overlay).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script id="${PLAYER_DATA_ELEMENT_ID}" type="application/json">${json}</script>`;
}
