import { DomainError } from '../shared/domain-error';

/**
 * What a feature can pay (docs/rewards.md). Amounts are in ledger units: whole Gold Coins, Fortune
 * Coin cents. A `multiplier` (the booster) and a `lootbox` are not paid themselves: the first
 * multiplies another prize, the second is a draw from another table.
 */
export type Prize =
  | { kind: 'gold_coins'; amount: number }
  | { kind: 'fortune_coins'; amountCents: number }
  | { kind: 'coins'; amount: number; amountCents: number }
  /** Spins of one game at no stake, played in `currency` at the game's bet `betLevel` (1 = lowest). */
  | { kind: 'free_spins'; gameId: number; count: number; betLevel: number; lifetimeMs: number; currency: 'GC' | 'FC' }
  | { kind: 'multiplier'; factor: number }
  | { kind: 'lootbox'; table: string }
  | { kind: 'nothing' };

export type PrizeKind = Prize['kind'];

export const PRIZE_KINDS: readonly PrizeKind[] = ['gold_coins', 'fortune_coins', 'coins', 'free_spins', 'multiplier', 'lootbox', 'nothing'];

/** Longest lifetime of a free-spin grant: 30 days. */
export const FREE_SPINS_MAX_LIFETIME_MS = 30 * 24 * 3600_000;
/** Largest booster factor a table may carry. */
export const MAX_MULTIPLIER = 100;
/** Largest single coin amount a prize may carry (a typo guard, far above any real prize). */
export const MAX_PRIZE_AMOUNT = 1_000_000_000;

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

function invalid(message: string): never {
  throw new DomainError('REWARDS_INVALID_TABLE', message);
}

function amount(value: unknown, what: string, allowZero: boolean): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_PRIZE_AMOUNT || (!allowZero && value === 0)) {
    invalid(`${what} must be a whole number from ${allowZero ? 0 : 1} to ${MAX_PRIZE_AMOUNT}`);
  }
  return value;
}

/** Checks an operator-supplied prize (thrown as REWARDS_INVALID_TABLE) and answers it normalised. */
export function parsePrize(raw: unknown): Prize {
  if (typeof raw !== 'object' || raw === null) invalid('a prize must be an object');
  const value = raw as Record<string, unknown>;
  switch (value.kind) {
    case 'gold_coins':
      return { kind: 'gold_coins', amount: amount(value.amount, 'amount', false) };
    case 'fortune_coins':
      return { kind: 'fortune_coins', amountCents: amount(value.amountCents, 'amountCents', false) };
    case 'coins': {
      const gc = amount(value.amount, 'amount', true);
      const fc = amount(value.amountCents, 'amountCents', true);
      if (gc === 0 && fc === 0) invalid('a coins prize needs Gold Coins or Fortune Coins');
      return { kind: 'coins', amount: gc, amountCents: fc };
    }
    case 'free_spins': {
      const gameId = amount(value.gameId, 'gameId', false);
      const count = amount(value.count, 'count', false);
      if (count > 1000) invalid('at most 1000 free spins per prize');
      const betLevel = amount(value.betLevel, 'betLevel', false);
      const lifetimeMs = amount(value.lifetimeMs, 'lifetimeMs', false);
      if (lifetimeMs > FREE_SPINS_MAX_LIFETIME_MS || lifetimeMs < 60_000) invalid('free spins live from one minute to 30 days');
      const currency = value.currency ?? 'GC';
      if (currency !== 'GC' && currency !== 'FC') invalid('free spins are played in GC or FC');
      return { kind: 'free_spins', gameId, count, betLevel, lifetimeMs, currency };
    }
    case 'multiplier': {
      const factor = amount(value.factor, 'factor', false);
      if (factor < 2 || factor > MAX_MULTIPLIER) invalid(`a multiplier is from 2 to ${MAX_MULTIPLIER}`);
      return { kind: 'multiplier', factor };
    }
    case 'lootbox':
      if (typeof value.table !== 'string' || !SLUG.test(value.table)) invalid('a lootbox names a prize table by slug');
      return { kind: 'lootbox', table: value.table };
    case 'nothing':
      return { kind: 'nothing' };
    default:
      return invalid(`unknown prize kind ${String(value.kind)}`);
  }
}

/** Gold Coins and Fortune Coin cents a prize credits (zero for prizes that are not coins). */
export function prizeCoins(prize: Prize): { gc: number; fcCents: number } {
  switch (prize.kind) {
    case 'gold_coins':
      return { gc: prize.amount, fcCents: 0 };
    case 'fortune_coins':
      return { gc: 0, fcCents: prize.amountCents };
    case 'coins':
      return { gc: prize.amount, fcCents: prize.amountCents };
    default:
      return { gc: 0, fcCents: 0 };
  }
}

/**
 * The prize a booster of `factor` turns `prize` into: coins and free-spin counts are multiplied;
 * a multiplier, a lootbox and nothing stay as they are (a booster boosts what is paid, not a box).
 */
export function multiplyPrize(prize: Prize, factor: number): Prize {
  if (!Number.isSafeInteger(factor) || factor < 1 || factor > MAX_MULTIPLIER) throw new DomainError('REWARDS_INVALID_TABLE', `bad multiplier ${factor}`);
  switch (prize.kind) {
    case 'gold_coins':
      return { ...prize, amount: prize.amount * factor };
    case 'fortune_coins':
      return { ...prize, amountCents: prize.amountCents * factor };
    case 'coins':
      return { ...prize, amount: prize.amount * factor, amountCents: prize.amountCents * factor };
    case 'free_spins':
      return { ...prize, count: prize.count * factor };
    default:
      return prize;
  }
}

/** True when paying `prize` would give the player Fortune Coins (coins, or free spins played in them). */
export function paysFortuneCoins(prize: Prize): boolean {
  if (prize.kind === 'free_spins') return prize.currency === 'FC';
  return prizeCoins(prize).fcCents > 0;
}

/**
 * What of `prize` a player without Fortune Coin play may be paid (docs/rewards.md, "Players in a
 * restricted state"): its Gold Coins; Fortune Coins and free spins played in them are withheld.
 */
export function withoutFortuneCoins(prize: Prize): Prize {
  if (!paysFortuneCoins(prize)) return prize;
  if (prize.kind === 'coins' && prize.amount > 0) return { kind: 'gold_coins', amount: prize.amount };
  return { kind: 'nothing' };
}

/** True for prizes that give the player nothing by themselves. */
export function isEmptyPrize(prize: Prize): boolean {
  return prize.kind === 'nothing';
}
