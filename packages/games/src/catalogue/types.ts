import { type GameConfig } from '../engines/game';

export type Volatility = 'low' | 'medium' | 'high' | 'very high';

export interface BetLimits {
  /** Smallest and largest bet, and the bet selector's steps, in the currency's smallest unit. */
  min: number;
  max: number;
  steps: number[];
}

/** One game of the in-house studio: its engine configuration plus what the lobby shows. */
export interface CatalogueGame {
  slug: string;
  title: string;
  studio: string;
  theme: 'fruit' | 'ocean' | 'wild animals' | 'space' | 'gems' | 'myths';
  engine: GameConfig['engine'];
  volatility: Volatility;
  description: string;
  config: GameConfig;
  /** GC: whole Gold Coins; FC: Fortune Coin hundredths. Every step is a multiple of the bet divisor. */
  bets: { GC: BetLimits; FC: BetLimits };
  flags: {
    jackpot: boolean;
    holdNLink: boolean;
    fishing: boolean;
    bonusBuy: boolean;
    intoTheWild: boolean;
    freeSpins: boolean;
    classic: boolean;
  };
  /** Primary colours of the game's original SVG art. */
  palette: [string, string, string];
}
