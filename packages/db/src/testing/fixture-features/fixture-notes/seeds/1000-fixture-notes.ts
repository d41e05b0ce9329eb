import type { Kysely } from 'kysely';
import type { Database } from '../../../../schema';
import '../tables';

/** Seeds one note for player 0 once (idempotent, as every seeder is). */
export async function seed(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('fixture_notes').select('id').where('player_id', '=', 0).executeTakeFirst();
  if (!existing) await db.insertInto('fixture_notes').values({ player_id: 0, note: 'seeded', created_at_ms: 0 }).execute();
}
