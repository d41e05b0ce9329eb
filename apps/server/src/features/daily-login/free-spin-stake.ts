import type { Database } from '@sweepstack/db/schema';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import { findGame } from '@sweepstack/games/catalogue/games';
import type { Kysely, Transaction } from 'kysely';

/**
 * The stake one free spin of a prize stands for (its budget cost, docs/rewards.md): the game's bet
 * step at the prize's bet level (1: the lowest), in the spins' currency; 0 for other prizes.
 */
export async function freeSpinStakeOf(db: Kysely<Database> | Transaction<Database>, prize: Prize): Promise<() => number> {
  if (prize.kind !== 'free_spins') return () => 0;
  const row = await db.selectFrom('games').select('slug').where('id', '=', prize.gameId).executeTakeFirst();
  const steps = row ? findGame(row.slug)?.bets[prize.currency].steps : undefined;
  const stake = steps ? (steps[prize.betLevel - 1] ?? steps.at(-1) ?? 0) : 0;
  return () => stake;
}
