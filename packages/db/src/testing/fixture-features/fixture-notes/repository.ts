import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../schema';
import './tables';

/** The fixture feature's repository: its SQL lives here, not in the server. */
export async function addFixtureNote(trx: Kysely<Database> | Transaction<Database>, playerId: number, note: string, atMs: number): Promise<void> {
  await trx.insertInto('fixture_notes').values({ player_id: playerId, note, created_at_ms: atMs }).execute();
}

export async function fixtureNotesOf(db: Kysely<Database>, playerId: number): Promise<string[]> {
  const rows = await db.selectFrom('fixture_notes').select('note').where('player_id', '=', playerId).orderBy('id').execute();
  return rows.map((r) => r.note);
}
