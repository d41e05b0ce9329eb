import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function recordThrottleEvent(db: Db, scopeKey: string, nowMs: number): Promise<void> {
  await db.insertInto('auth_throttle_events').values({ scope_key: scopeKey, created_at_ms: nowMs }).execute();
}

/** Events of a scope since `sinceMs` (sliding window). */
export async function countThrottleEvents(db: Db, scopeKey: string, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom('auth_throttle_events')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('scope_key', '=', scopeKey)
    .where('created_at_ms', '>', sinceMs)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function clearThrottleEvents(db: Db, scopeKey: string): Promise<void> {
  await db.deleteFrom('auth_throttle_events').where('scope_key', '=', scopeKey).execute();
}

/** Housekeeping: drops events older than the longest window. */
export async function deleteOldThrottleEvents(db: Db, beforeMs: number): Promise<void> {
  await db.deleteFrom('auth_throttle_events').where('created_at_ms', '<=', beforeMs).execute();
}
