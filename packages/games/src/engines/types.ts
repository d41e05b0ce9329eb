/** Shared shapes of the game studio's engines. Amounts are integers in the bet currency's smallest unit. */

export type JackpotTier = 'mini' | 'minor' | 'major' | 'grand';

export type SymbolKind = 'regular' | 'wild' | 'scatter' | 'money' | 'blank';

export interface SymbolDef {
  id: string;
  name: string;
  kind: SymbolKind;
  /** Ways games: a wild's multiplier (×2, ×3); the multipliers of the wilds in one way multiply. */
  multiplier?: number;
}

/** One win of a step. `amount` is in the bet currency's smallest unit. */
export interface Win {
  type: 'line' | 'ways' | 'scatter' | 'coins' | 'jackpot';
  /** Payline index (0-based) for line wins. */
  line?: number;
  symbol: string;
  /** Symbols in the win: reels of a line or ways win, scatters on the grid, coins collected. */
  count: number;
  /** Ways wins: the number of ways (wild multipliers included). */
  ways?: number;
  /** Free-spin multiplier applied to this win (1 outside free spins). */
  multiplier: number;
  /** [reel, row] of every symbol that forms the win. */
  positions: [number, number][];
  amount: number;
}

export interface FreeSpinsState {
  kind: 'freeSpins';
  /** The bet of the round that triggered (or bought) the feature: wins are paid on it. */
  bet: number;
  remaining: number;
  /** Free spins awarded so far, retriggers included (capped by the game's maximum). */
  awarded: number;
  played: number;
  multiplier: number;
  featureWin: number;
}

export interface HoldAndLinkState {
  kind: 'holdAndLink';
  bet: number;
  respinsLeft: number;
  /** Per cell (reel * rows + row): the coin's value in pay units, 0 when empty. */
  values: number[];
  /** Per cell: the jackpot tier of a jackpot coin, or null. */
  tiers: (JackpotTier | null)[];
}

/** Between steps a game is either idle (null) or inside a feature. */
export type GameState = FreeSpinsState | HoldAndLinkState | null;

export interface JackpotAward {
  tier: JackpotTier;
  /** Fixed amount for fixed tiers; null for the progressive tier, paid from the wallet's pool. */
  amount: number | null;
}

export interface StepOutcome {
  step: 'base' | 'freeSpin' | 'respin';
  /** True on the first step of a bought feature. */
  bought: boolean;
  /** What this step charges: the bet on a base spin, the price on a bonus buy, 0 inside a feature. */
  stake: number;
  /** The bet wins are paid on. */
  bet: number;
  stops: number[];
  /** grid[reel][row] = symbol id. */
  grid: string[][];
  /** Hold-and-link: per cell the coin value (in currency) or 0, and its jackpot tier. */
  coins?: { values: number[]; tiers: (JackpotTier | null)[] };
  wins: Win[];
  /** Everything this step pays now (wins plus fixed jackpots), in currency. */
  totalWin: number;
  /** The feature's cumulative win after this step (0 outside features). */
  featureWin: number;
  features: {
    freeSpinsAwarded: number;
    retrigger: boolean;
    freeSpinsRemaining: number;
    holdAndLinkTriggered: boolean;
    respinsLeft: number;
    featureEnded: boolean;
  };
  jackpots: JackpotAward[];
  /** The highest jackpot tier won in this step, or null. */
  jackpotWon: JackpotTier | null;
  /** Share of the stake for the progressive pool (floor of stake × rate); 0 when the game has none. */
  jackpotContribution: number;
  next: GameState;
}

export interface PlayRequest {
  bet: number;
  /** Buy the feature for the game's price instead of a base spin. */
  buy?: boolean;
}
