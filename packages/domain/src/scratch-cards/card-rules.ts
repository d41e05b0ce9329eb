import { prizeCoins, type Prize } from '../rewards/prize';
import { totalWeight, type PrizeTable } from '../rewards/prize-table';

/**
 * Scratch cards (docs/features/scratch-cards.md). A card's outcome is drawn when it is issued (a
 * provably fair draw from the one published table, the same for free and bought cards) and paid when
 * it is scratched. Its status follows from its times:
 * - `ready_for_activate` from issue until `availableAtMs` (the operator's activation delay);
 * - `available` (scratchable) until `expiresAtMs`;
 * - `expired`: unscratched past its expiry; it stays in the player's mailbox and can still be scratched;
 * - `scratched`: revealed and paid.
 */
export type CardStatus = 'ready_for_activate' | 'available' | 'scratched' | 'expired';

export interface CardTimes {
  availableAtMs: number;
  expiresAtMs: number;
  scratchedAtMs: number | null;
}

export function cardStatus(card: CardTimes, nowMs: number): CardStatus {
  if (card.scratchedAtMs !== null) return 'scratched';
  if (nowMs < card.availableAtMs) return 'ready_for_activate';
  if (nowMs < card.expiresAtMs) return 'available';
  return 'expired';
}

/** When the status changes next (null: it will not by itself). */
export function cardTimer(card: CardTimes, nowMs: number): number | null {
  const status = cardStatus(card, nowMs);
  return status === 'ready_for_activate' ? card.availableAtMs : status === 'available' ? card.expiresAtMs : null;
}

/** Whether the card can be scratched now (an expired card can: expiry moves it to the mailbox, it does not take it away). */
export function isScratchable(status: CardStatus): boolean {
  return status === 'available' || status === 'expired';
}

/** Spec §3: the active card is the first ready_for_activate, else the first available, else the first card. */
export function activeCardIndex(statuses: readonly CardStatus[]): number {
  const ready = statuses.indexOf('ready_for_activate');
  if (ready >= 0) return ready;
  const available = statuses.indexOf('available');
  if (available >= 0) return available;
  return statuses.length > 0 ? 0 : -1;
}

/** The prizes a card may carry: coins or nothing (no free spins, multipliers or boxes on a card). */
export function cardTableProblem(table: Pick<PrizeTable, 'segments'>): string | null {
  for (const [index, segment] of table.segments.entries()) {
    if (!['gold_coins', 'fortune_coins', 'coins', 'nothing'].includes(segment.prize.kind)) return `segments.${index}.prize: a card pays Gold Coins, Fortune Coins or nothing`;
  }
  return null;
}

export interface CardExpectation {
  /** Expected Gold Coins per card. */
  gc: number;
  /** Expected Fortune Coin hundredths per card. */
  fcCents: number;
  /** Chance that a card pays anything, and that it pays Fortune Coins. */
  winChance: number;
  fcChance: number;
}

/** What one card pays on average by the table's published weights (the figures the docs and the odds show). */
export function cardExpectation(table: Pick<PrizeTable, 'segments'>): CardExpectation {
  const total = totalWeight(table);
  let gc = 0;
  let fcCents = 0;
  let win = 0;
  let fc = 0;
  for (const segment of table.segments) {
    const coins = prizeCoins(segment.prize as Prize);
    gc += (coins.gc * segment.weight) / total;
    fcCents += (coins.fcCents * segment.weight) / total;
    if (coins.gc > 0 || coins.fcCents > 0) win += segment.weight;
    if (coins.fcCents > 0) fc += segment.weight;
  }
  return { gc, fcCents, winChance: win / total, fcChance: fc / total };
}
