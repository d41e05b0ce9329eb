import { parsePrize, type Prize } from '@sweepstack/domain/rewards/prize';
import type { LadderRules, LadderState } from '@sweepstack/domain/daily-login/ladder';
import type { Kysely, Selectable, Transaction } from 'kysely';
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
export async function insertClaim(trx: Db, claim: { playerId: number; day: string; level: number; ladderId: number; prize: Prize; nowMs: number }): Promise<boolean> {
  const row = await trx
    .insertInto('daily_login_claims')
    .values({ player_id: claim.playerId, day: claim.day, level: claim.level, ladder_id: claim.ladderId, prize_json: JSON.stringify(claim.prize), created_at_ms: claim.nowMs })
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
