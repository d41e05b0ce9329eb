import { AppError } from '@sweepstack/contracts/errors';
import type { Player } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import { currentExclusion, endOf, type Exclusion, type ExclusionKind, type ExclusionPeriod, mayStart, statusOf } from '@sweepstack/domain/responsible-play/exclusions';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export interface ExclusionView extends Exclusion {
  id: number;
}

/** Account statuses a break sets, and that an ended break gives back as ACTIVE. */
const BREAK_STATUSES = new Set<string>(['COOLING_OFF', 'SELF_EXCLUDED']);

async function listExclusions(db: Db, playerId: number): Promise<ExclusionView[]> {
  const rows = await db.selectFrom('responsible_play_exclusions').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, period: r.period, startedAtMs: Number(r.started_at_ms), untilMs: r.until_ms === null ? null : Number(r.until_ms) }));
}

export interface ExclusionState {
  /** none, or the break in force (an account an operator self-excluded without a row of ours counts as self_excluded). */
  state: 'none' | 'cooling_off' | 'self_excluded';
  current: ExclusionView | null;
  history: ExclusionView[];
}

export async function readExclusionState(db: Db, player: Pick<Player, 'id' | 'account_status'>, nowMs: number): Promise<ExclusionState> {
  const history = await listExclusions(db, player.id);
  const current = currentExclusion(history, nowMs);
  const state = current ? (current.kind === 'cooling_off' ? 'cooling_off' : 'self_excluded') : player.account_status === 'SELF_EXCLUDED' ? 'self_excluded' : 'none';
  return { state, current, history };
}

/**
 * Starts a cooling-off period or a self-exclusion for the player (docs/responsible-play.md): one
 * transaction writes the append-only record, the account status (which every purchase, play and
 * redeem check reads) and, for a cooling-off, the cashier's `cashier_cooling_off` row.
 */
export async function startExclusion(
  db: Kysely<Database>,
  clock: Clock,
  playerId: number,
  request: { kind: ExclusionKind; period: ExclusionPeriod; ip: string | null; userAgent: string | null },
): Promise<ExclusionView> {
  return db.transaction().execute(async (trx) => {
    // One decision at a time per player (SQLite serializes writers already).
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await trx.selectFrom('players').select('id').where('id', '=', playerId).forUpdate().execute();
    const now = clock.nowMs();
    const player = await trx.selectFrom('players').select(['id', 'account_status']).where('id', '=', playerId).executeTakeFirstOrThrow();
    const current = currentExclusion(await listExclusions(trx, playerId), now);
    // An account an operator self-excluded (no record of ours) cannot take a cooling-off either.
    if (!current && player.account_status === 'SELF_EXCLUDED') throw new AppError(request.kind === 'cooling_off' ? 'RESPONSIBLE_PLAY_SELF_EXCLUDED' : 'RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    const refusal = mayStart(current, request.kind, request.period, now);
    if (refusal) throw new AppError(refusal);
    const untilMs = endOf(request.period, now);
    const row = await trx
      .insertInto('responsible_play_exclusions')
      .values({ player_id: playerId, kind: request.kind, period: request.period, started_at_ms: now, until_ms: untilMs, ip: request.ip?.slice(0, 64) ?? null, user_agent: request.userAgent?.slice(0, 300) ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('players')
      .set({ account_status: statusOf(request.kind), updated_at_ms: now })
      .where('id', '=', playerId)
      .where('account_status', 'in', ['ACTIVE', 'COOLING_OFF', 'SELF_EXCLUDED'])
      .execute();
    if (request.kind === 'cooling_off' && untilMs !== null) {
      await trx
        .insertInto('cashier_cooling_off')
        .values({ player_id: playerId, until_ms: untilMs, created_at_ms: now })
        .onConflict((oc) => oc.column('player_id').doUpdateSet({ until_ms: untilMs, created_at_ms: now }))
        .execute();
    }
    return { id: Number(row.id), kind: request.kind, period: request.period, startedAtMs: now, untilMs };
  });
}

/**
 * The session's player with an ended break lifted: when the account is COOLING_OFF or SELF_EXCLUDED
 * because of our latest record and nothing is in force any more, it is ACTIVE again. Accounts an
 * operator changed (no matching record) are left alone. Costs nothing for ACTIVE accounts.
 */
export async function liftEndedExclusion<P extends Pick<Player, 'id' | 'account_status'>>(db: Kysely<Database>, player: P, nowMs: number): Promise<P> {
  if (!BREAK_STATUSES.has(player.account_status)) return player;
  const history = await listExclusions(db, player.id);
  const latest = history[0];
  if (!latest || statusOf(latest.kind) !== player.account_status || currentExclusion(history, nowMs)) return player;
  const result = await db.updateTable('players').set({ account_status: 'ACTIVE', updated_at_ms: nowMs }).where('id', '=', player.id).where('account_status', '=', player.account_status).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? { ...player, account_status: 'ACTIVE' } : player;
}
