import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Operator settings and their defaults; existing values are never overwritten. */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  'auth.minimum_age_years': 21,
};

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    await db
      .insertInto('settings')
      .values({ key, value_json: JSON.stringify(value), updated_at_ms: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
