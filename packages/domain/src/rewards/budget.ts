import type { Prize } from './prize';
import { prizeCoins } from './prize';

/**
 * Daily budgets (docs/rewards.md): each feature may pay at most so much per operator day and
 * currency. A draw whose prize would take the day's spend past the budget pays the table's fallback
 * prize instead. The database write enforces the same rule with a guarded update, so concurrent
 * draws can never together exceed it.
 */
export interface DailyBudget {
  /** Gold Coins per operator day; null: no limit. */
  gc: number | null;
  /** Fortune Coin cents per operator day; null: no limit. */
  fcCents: number | null;
}

/** What a prize costs a budget, per currency. Free spins cost their nominal stake (count × bet). */
export interface PrizeCost {
  gc: number;
  fcCents: number;
}

/** The stake of one free spin at a bet level, in the spin's currency (resolved from the game's bets). */
export type FreeSpinStake = (prize: Extract<Prize, { kind: 'free_spins' }>) => number;

/** The budget cost of a prize. */
export function prizeCost(prize: Prize, freeSpinStake: FreeSpinStake): PrizeCost {
  if (prize.kind === 'free_spins') {
    const stake = prize.count * freeSpinStake(prize);
    return prize.currency === 'GC' ? { gc: stake, fcCents: 0 } : { gc: 0, fcCents: stake };
  }
  const coins = prizeCoins(prize);
  return { gc: coins.gc, fcCents: coins.fcCents };
}

/** True when spending `cost` on top of `spent` stays within `budget` in every currency. */
export function fitsBudget(budget: DailyBudget, spent: PrizeCost, cost: PrizeCost): boolean {
  if (budget.gc !== null && cost.gc > 0 && spent.gc + cost.gc > budget.gc) return false;
  if (budget.fcCents !== null && cost.fcCents > 0 && spent.fcCents + cost.fcCents > budget.fcCents) return false;
  return true;
}
