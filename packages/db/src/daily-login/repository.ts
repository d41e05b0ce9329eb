import { parsePrize, type Prize } from '@sweepstack/domain/rewards/prize';
import type { LadderRules, LadderState } from '@sweepstack/domain/daily-login/ladder';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { FreeSpinGrantRow } from '../rewards/repository';
import { readFeatureStatuses, writeFeatureStatus } from '../repositories/feature-state';
import type { Database } from '../schema';
import './tables';
import type { DailyLoginClaimsTable } from './tables';

/** Daily login's SQL (docs/features/daily-login.md). */
type Db = Kysely<Database> | Transaction<Database>;

export type DailyLoginClaim = Selectable<DailyLoginClaimsTable>;

export interface DailyLoginLadder {
  id: number;
  version: number;
  levels: Prize[];
  rules: LadderRules;
  active: boolean;
  finishesAtMs: number | null;
}

/** The current ladder (newest version), or undefined when none was ever saved. */
export async function currentLadder(db: Db): Promise<DailyLoginLadder | undefined> {
  const row = await db.selectFrom('daily_login_ladders').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
  if (!row) return undefined;
  const levels = (JSON.parse(row.levels_json) as unknown[]).map(parsePrize);
  return {
    id: Number(row.id),
    version: Number(row.version),
    levels,
    rules: { levels: levels.length, graceDays: Number(row.grace_days), afterLast: row.after_last },
    active: Number(row.active) === 1,
    finishesAtMs: row.finishes_at_ms === null ? null : Number(row.finishes_at_ms),
  };
}

/** Saves the next version of the ladder; answers it. */
export async function saveLadder(db: Db, ladder: { levels: Prize[]; graceDays: number; afterLast: 'wrap' | 'hold'; active: boolean; finishesAtMs: number | null }, options: { nowMs: number; operatorId?: number | null }): Promise<DailyLoginLadder> {
  const current = await currentLadder(db);
  await db
    .insertInto('daily_login_ladders')
    .values({
      version: (current?.version ?? 0) + 1,
      levels_json: JSON.stringify(ladder.levels),
      grace_days: ladder.graceDays,
      after_last: ladder.afterLast,
      active: ladder.active ? 1 : 0,
      finishes_at_ms: ladder.finishesAtMs,
      created_at_ms: options.nowMs,
      created_by: options.operatorId ?? null,
    })
    .execute();
  return (await currentLadder(db))!;
}

/** A player's ladder state: the level and day of their latest claim. */
export async function ladderStateOf(db: Db, playerId: number): Promise<LadderState> {
  const row = await db.selectFrom('daily_login_claims').select(['level', 'day']).where('player_id', '=', playerId).orderBy('day', 'desc').limit(1).executeTakeFirst();
  return row ? { level: Number(row.level), lastClaimDay: row.day } : { level: 0, lastClaimDay: null };
}

/**
 * Records today's claim; answers false when the player already claimed `day` (the unique key holds
 * under concurrency: the second claim inserts nothing).
 */
export async function insertClaim(trx: Db, claim: { playerId: number; day: string; level: number; ladderId: number; prize: Prize; nowMs: number; automatic?: boolean }): Promise<boolean> {
  const row = await trx
    .insertInto('daily_login_claims')
    .values({ player_id: claim.playerId, day: claim.day, level: claim.level, ladder_id: claim.ladderId, prize_json: JSON.stringify(claim.prize), automatic: claim.automatic ? 1 : 0, created_at_ms: claim.nowMs })
    .onConflict((oc) => oc.columns(['player_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Outage days after `fromDay` (those that can matter to a ladder). */
export async function outageDaysSince(db: Db, fromDay: string): Promise<Set<string>> {
  const rows = await db.selectFrom('daily_login_outage_days').select('day').where('day', '>', fromDay).execute();
  return new Set(rows.map((r) => r.day));
}

/** Marks a day on which the platform could not serve claims. */
export async function addOutageDay(db: Db, day: string, reason: string, options: { nowMs: number; operatorId?: number | null }): Promise<void> {
  await db.insertInto('daily_login_outage_days').values({ day, reason, created_at_ms: options.nowMs, created_by: options.operatorId ?? null }).onConflict((oc) => oc.column('day').doUpdateSet({ reason })).execute();
}

/** The claim of a player on a day, or undefined. */
export async function claimOf(db: Db, playerId: number, day: string): Promise<DailyLoginClaim | undefined> {
  return db.selectFrom('daily_login_claims').selectAll().where('player_id', '=', playerId).where('day', '=', day).executeTakeFirst();
}

export interface ClaimView {
  id: number;
  playerId: number;
  day: string;
  level: number;
  ladderVersion: number;
  prize: Prize;
  automatic: boolean;
  createdAtMs: number;
}

/** Claims, newest first, of a player and/or a day (the operator's view). */
export async function listClaims(db: Db, filter: { playerId?: number; day?: string; limit: number }): Promise<ClaimView[]> {
  let query = db
    .selectFrom('daily_login_claims as c')
    .innerJoin('daily_login_ladders as l', 'l.id', 'c.ladder_id')
    .select(['c.id', 'c.player_id', 'c.day', 'c.level', 'l.version', 'c.prize_json', 'c.automatic', 'c.created_at_ms']);
  if (filter.playerId !== undefined) query = query.where('c.player_id', '=', filter.playerId);
  if (filter.day !== undefined) query = query.where('c.day', '=', filter.day);
  const rows = await query.orderBy('c.id', 'desc').limit(filter.limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    playerId: Number(r.player_id),
    day: r.day,
    level: Number(r.level),
    ladderVersion: Number(r.version),
    prize: parsePrize(JSON.parse(r.prize_json)),
    automatic: Number(r.automatic) === 1,
    createdAtMs: Number(r.created_at_ms),
  }));
}

/** Outage days, newest first. */
export async function listOutageDays(db: Db, limit = 100): Promise<{ day: string; reason: string }[]> {
  return db.selectFrom('daily_login_outage_days').select(['day', 'reason']).orderBy('day', 'desc').limit(limit).execute();
}

/**
 * Every player's latest claim made on `fromDay` or later, with its level: the ladders that may still
 * be running (the finish job decides, with the ladder's rules, whose claim is open). Ordered by player.
 */
export async function latestClaimsSince(db: Db, fromDay: string, afterPlayerId: number, limit: number): Promise<{ playerId: number; state: LadderState }[]> {
  const rows = await db
    .selectFrom('daily_login_claims as c')
    .select(['c.player_id', 'c.day', 'c.level'])
    .where('c.day', '>=', fromDay)
    .where('c.player_id', '>', afterPlayerId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('daily_login_claims as n').select('n.id').whereRef('n.player_id', '=', 'c.player_id').whereRef('n.day', '>', 'c.day'))))
    .orderBy('c.player_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ playerId: Number(r.player_id), state: { level: Number(r.level), lastClaimDay: r.day } }));
}

/** The feature's name in every layer, in `feature_status` and `player_feature_state`. */
export const DAILY_LOGIN_FEATURE = 'daily-login';

/** A player's row of `player_feature_state` in daily login (written with each claim). */
export interface DailyLoginPlayerState {
  level: number;
  lastClaimDay: string;
  /** When the next claim opens: the start of the operator day after `lastClaimDay` (absent in rows written before it existed). */
  nextClaimAtMs?: number;
}

/** Daily login's row of `feature_status` (what app init's `dailyLogin.isActive` is built from). */
export interface DailyLoginStatus {
  active: boolean;
  finishesAtMs: number | null;
}

/** Writes the feature's status from its ladder, in the transaction that saved the ladder. */
export async function writeDailyLoginStatus(db: Db, ladder: Pick<DailyLoginLadder, 'active' | 'finishesAtMs'>, nowMs: number): Promise<void> {
  const status: DailyLoginStatus = { active: ladder.active, finishesAtMs: ladder.finishesAtMs };
  await writeFeatureStatus(db, DAILY_LOGIN_FEATURE, status, nowMs);
}

/** True when the feature has its `feature_status` row. */
export async function hasDailyLoginStatus(db: Db): Promise<boolean> {
  return (await readFeatureStatuses(db)).has(DAILY_LOGIN_FEATURE);
}

/** Slugs of games by id (free-spin prizes link to their game). */
export async function gameSlugs(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('games').select(['id', 'slug']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [Number(r.id), r.slug]));
}

/** The free-spin grant a claim made (its source key is the claim's key), or undefined. */
export async function grantOfClaim(db: Db, sourceKey: string): Promise<FreeSpinGrantRow | undefined> {
  return db.selectFrom('free_spin_grants').selectAll().where('source_key', '=', sourceKey).executeTakeFirst();
}
