import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

/** The US state of the player's profile (USPS code), or null when the profile has none. */
export async function findProfileStateCode(db: Kysely<Database> | Transaction<Database>, playerId: number): Promise<string | null> {
  const row = await db.selectFrom('player_profiles').select('state').where('player_id', '=', playerId).executeTakeFirst();
  return row?.state ?? null;
}
