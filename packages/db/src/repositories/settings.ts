import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** An operator setting's JSON value, or undefined when unset or not valid JSON. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value_json').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value_json) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes an operator setting's JSON value (inserted or replaced), in the caller's transaction. */
export async function writeSetting(db: Db, key: string, value: unknown, nowMs: number): Promise<void> {
  const value_json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value_json, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json, updated_at_ms: nowMs }))
    .execute();
}
