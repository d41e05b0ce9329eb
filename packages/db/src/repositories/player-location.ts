import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

/** The US state of the player's profile (USPS code), or null when the profile has none. */
export async function findProfileStateCode(db: Kysely<Database> | Transaction<Database>, playerId: number): Promise<string | null> {
  const row = await db.selectFrom('player_profiles').select('state').where('player_id', '=', playerId).executeTakeFirst();
  return row?.state ?? null;
}

/**
 * True when the player's known state is on the operator's restricted list (no Fortune Coin play
 * there, docs/geo-restriction.md), read in the caller's transaction: what the rewards engine asks
 * before it pays Fortune Coins. A player with no state on file is not restricted.
 */
export async function isSweepstakesRestrictedPlayer(db: Kysely<Database> | Transaction<Database>, playerId: number): Promise<boolean> {
  const state = (await findProfileStateCode(db, playerId))?.trim().toUpperCase();
  if (!state) return false;
  const row = await db.selectFrom('restricted_states').select('code').where('code', '=', state).executeTakeFirst();
  return row !== undefined;
}
