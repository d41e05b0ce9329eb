import type { GameMode } from '@sweepstack/contracts/app/app-init';
import { create } from 'zustand';

/** Gold Coins (whole) and Fortune Coins (2 decimals), the units the header shows. */
export interface Balances {
  tourPoints: number;
  entries: number;
}

interface LiveBalanceState {
  balance: Balances | null;
  gameMode: GameMode | null;
  setBalance(balance: Balances): void;
  setGameMode(gameMode: GameMode): void;
}

/**
 * The header's balances and game mode between page loads: seeded from app init, then moved by the
 * `balance` and `gameMode` pushes (the root loader does not rerun on navigation).
 */
export const useLiveBalance = create<LiveBalanceState>((set) => ({
  balance: null,
  gameMode: null,
  setBalance: (balance) => set({ balance }),
  setGameMode: (gameMode) => set({ gameMode }),
}));

/** A `balance` push carries Fortune Coins in hundredths and Gold Coins whole. */
export function balancesOfPush(data: { entries: number; tourPoints: number }): Balances {
  return { tourPoints: data.tourPoints, entries: data.entries / 100 };
}
