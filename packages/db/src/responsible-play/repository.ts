import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../schema';
import type { ResponsiblePlayExclusionsTable, ResponsiblePlayRealityChecksTable } from '../tables/responsible-play';

/**
 * Responsible play's SQL (docs/responsible-play.md): the append-only exclusion and reality-check
 * records, the account status a break sets, and the play activity the reality check reads. One
 * decision at a time per player: `lockPlayer` of `repositories/players`.
 */
type Db = Kysely<Database> | Transaction<Database>;

export type ExclusionRow = Selectable<ResponsiblePlayExclusionsTable>;
export type RealityCheckRecordRow = Selectable<ResponsiblePlayRealityChecksTable>;

/** Account statuses a break sets. */
type BreakStatus = 'COOLING_OFF' | 'SELF_EXCLUDED';

// ---- Exclusions ----

/** The player's exclusion records, newest first. */
export async function listExclusionRows(db: Db, playerId: number): Promise<ExclusionRow[]> {
  return db.selectFrom('responsible_play_exclusions').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').execute();
}

/** Appends an exclusion record; answers its id. */
export async function insertExclusion(db: Db, row: Insertable<ResponsiblePlayExclusionsTable>): Promise<number> {
  const inserted = await db.insertInto('responsible_play_exclusions').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Sets the break's account status, unless an operator gave the account another status (closed, blocked…). */
export async function setBreakStatus(db: Db, playerId: number, status: BreakStatus, nowMs: number): Promise<void> {
  await db.updateTable('players').set({ account_status: status, updated_at_ms: nowMs }).where('id', '=', playerId).where('account_status', 'in', ['ACTIVE', 'COOLING_OFF', 'SELF_EXCLUDED']).execute();
}

/** Gives an ended break's account back as ACTIVE; false when the status moved meanwhile. */
export async function liftBreakStatus(db: Db, playerId: number, from: BreakStatus, nowMs: number): Promise<boolean> {
  const result = await db.updateTable('players').set({ account_status: 'ACTIVE', updated_at_ms: nowMs }).where('id', '=', playerId).where('account_status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The cashier's cooling-off row (the purchase check reads it): set, or moved to the new end. */
export async function upsertCashierCoolingOff(db: Db, playerId: number, untilMs: number, nowMs: number): Promise<void> {
  await db
    .insertInto('cashier_cooling_off')
    .values({ player_id: playerId, until_ms: untilMs, created_at_ms: nowMs })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ until_ms: untilMs, created_at_ms: nowMs }))
    .execute();
}

// ---- Reality check ----

/** The player's latest reality-check record (an interval change or an answer), or undefined. */
export async function findLatestRealityCheckRecord(db: Db, playerId: number): Promise<Pick<RealityCheckRecordRow, 'at_ms' | 'session_started_at_ms' | 'interval_minutes'> | undefined> {
  return db
    .selectFrom('responsible_play_reality_checks')
    .select(['at_ms', 'session_started_at_ms', 'interval_minutes'])
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Appends a reality-check record. */
export async function insertRealityCheckRecord(db: Db, row: Insertable<ResponsiblePlayRealityChecksTable>): Promise<void> {
  await db.insertInto('responsible_play_reality_checks').values(row).execute();
}

/** The reminder interval of the player's profile (minutes), or undefined while the player has no profile row. */
export async function readReminderMinutes(db: Db, playerId: number): Promise<number | undefined> {
  const row = await db.selectFrom('player_profiles').select('activity_reminder_minutes').where('player_id', '=', playerId).executeTakeFirst();
  return row?.activity_reminder_minutes;
}

/**
 * The player's game rounds between `fromMs` and `toMs` as one span per `bucketMs` (first and last
 * round of each bucket, read from the player/time index).
 */
export async function roundSpans(db: Db, playerId: number, fromMs: number, toMs: number, bucketMs: number): Promise<{ fromMs: number; toMs: number }[]> {
  const rows = await db
    .selectFrom('game_rounds')
    .select((eb) => [eb.fn.min<number | string>('created_at_ms').as('from_ms'), eb.fn.max<number | string>('created_at_ms').as('to_ms')])
    .where('player_id', '=', playerId)
    .where('created_at_ms', '>=', fromMs)
    .where('created_at_ms', '<=', toMs)
    .groupBy(sql`created_at_ms / ${sql.lit(bucketMs)}`)
    .execute();
  return rows.map((r) => ({ fromMs: Number(r.from_ms), toMs: Number(r.to_ms) }));
}

/** When the player signed in between `fromMs` and `toMs` (sessions still on record). */
export async function signInTimes(db: Db, playerId: number, fromMs: number, toMs: number): Promise<number[]> {
  const rows = await db.selectFrom('sessions').select('created_at_ms').where('player_id', '=', playerId).where('created_at_ms', '>=', fromMs).where('created_at_ms', '<=', toMs).execute();
  return rows.map((r) => Number(r.created_at_ms));
}

/** Rounds, staked and won per currency between `fromMs` and `toMs` (ledger units). */
export async function roundTotals(db: Db, playerId: number, fromMs: number, toMs: number): Promise<{ currency: 'GC' | 'FC'; rounds: number; staked: number; won: number }[]> {
  const rows = await db
    .selectFrom('game_rounds')
    .select((eb) => ['currency', eb.fn.countAll<number | string>().as('rounds'), eb.fn.sum<number | string>('stake').as('staked'), eb.fn.sum<number | string>('win').as('won')])
    .where('player_id', '=', playerId)
    .where('created_at_ms', '>=', fromMs)
    .where('created_at_ms', '<=', toMs)
    .groupBy('currency')
    .execute();
  return rows.map((r) => ({ currency: r.currency, rounds: Number(r.rounds), staked: Number(r.staked), won: Number(r.won) }));
}
