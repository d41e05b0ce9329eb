import type { Promotion } from '@sweepstack/contracts/promotions/promotion';

/** The trimmed lobby data the pages render (built on the server from the home and games payloads). */
export interface LobbyGame {
  id: number;
  slug: string;
  title: string;
  img: string;
  volatility: string;
  providers: string[];
  /** In the operator's jackpot list (the tile shows the JACKPOT badge). */
  jackpot?: boolean;
}

export interface LobbySection {
  key: string;
  title: string;
  issue: string;
  rowsPerSlide: number;
  games: number[];
}

export interface LobbyBanner {
  key: string;
  title: string;
  text: string;
  image: string;
  url: string;
  promo: boolean;
  /** The game a game banner features (null for other banners). */
  gameId: number | null;
}

export interface LobbyWinner {
  roundId: number;
  name: string;
  gameSlug: string;
  gameTitle: string;
  img: string;
  currency: 'GC' | 'FC';
  amount: number;
  jackpot: boolean;
}

export interface LobbyData {
  games: Record<string, LobbyGame>;
  sections: LobbySection[];
  banners: LobbyBanner[];
  jackpots: { currency: 'GC' | 'FC'; value: number }[];
  lastWinners: LobbyWinner[];
  gameOfWeek: number | null;
  /** Null for guests. */
  favorites: number[] | null;
  /** The sign-up gift (server settings): Gold Coins (whole), Fortune Coins (cents); null when the home payload is unavailable. */
  signupGift: { coins: number; entries: number } | null;
  /** The player's home promotion cards (docs/features/promotions.md); empty for guests. */
  promotions: Promotion[];
  /**
   * Set in the lobby's player-neutral render (docs/page-serving.md, "Session 11"): favorites and
   * promotions are empty, and the player's own come with the page (lib/player-overlay.ts).
   */
  neutral?: { hasPromotions: boolean };
}

export interface CatalogueData {
  games: LobbyGame[];
  issues: { key: string; slug: string; title: string; gamesCount: number }[];
  providers: { slug: string; title: string; img: string; gamesCount: number }[];
  issueGamesIds: Record<string, number[]>;
  providerGamesIds: Record<string, number[]>;
  favorites: number[] | null;
}
