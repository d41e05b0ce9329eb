import type { Kysely, Transaction } from 'kysely';
import '../geo/tables';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The US state of the player's profile (USPS code), or null when the profile has none. */
export async function findProfileStateCode(db: Db, playerId: number): Promise<string | null> {
  const row = await db.selectFrom('player_profiles').select('state').where('player_id', '=', playerId).executeTakeFirst();
  return row?.state ?? null;
}

/**
 * Every US state the server knows the player to be in (docs/geo-restriction.md, "Where the state comes
 * from"): the profile's state, then the states the location checks found last (by network address and
 * by the device's coordinates). Nulls and repeats are left out.
 */
export async function findKnownStateCodes(db: Db, playerId: number): Promise<string[]> {
  // One round trip (the spin of a SweepStakes player asks it): the profile's state and the located ones.
  const rows = await db
    .selectFrom('player_profiles')
    .select('state')
    .where('player_id', '=', playerId)
    .unionAll(db.selectFrom('player_locations').select('state').where('player_id', '=', playerId))
    .execute();
  const states = rows.map((r) => r.state).filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim().toUpperCase());
  return [...new Set(states)];
}

/**
 * True when one of the player's known states is on the operator's restricted list (no Fortune Coin
 * play there, docs/geo-restriction.md), read in the caller's transaction: what the rewards engine asks
 * before it pays Fortune Coins. A player with no known state is not restricted.
 */
export async function isSweepstakesRestrictedPlayer(db: Db, playerId: number): Promise<boolean> {
  const states = await findKnownStateCodes(db, playerId);
  if (states.length === 0) return false;
  const row = await db.selectFrom('restricted_states').select('code').where('code', 'in', states).executeTakeFirst();
  return row !== undefined;
}
