import { AppError } from '@sweepstack/contracts/errors';
import type { Exclusion as ExclusionView, ExclusionState as ExclusionStateView } from '@sweepstack/contracts/responsible-play/exclusion';
import { findPlayerById, lockPlayer, type Player } from '@sweepstack/db/repositories/players';
import { insertExclusion, liftBreakStatus, listExclusionRows, setBreakStatus, upsertCashierCoolingOff } from '@sweepstack/db/responsible-play/repository';
import type { Database } from '@sweepstack/db/schema';
import { currentExclusion, endOf, type ExclusionKind, type ExclusionPeriod, mayStart, statusOf } from '@sweepstack/domain/responsible-play/exclusions';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export type { ExclusionView };

/** Account statuses a break sets, and that an ended break gives back as ACTIVE. */
const BREAK_STATUSES = new Set<string>(['COOLING_OFF', 'SELF_EXCLUDED']);

async function listExclusions(db: Db, playerId: number): Promise<ExclusionView[]> {
  const rows = await listExclusionRows(db, playerId);
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, period: r.period as ExclusionPeriod, startedAtMs: Number(r.started_at_ms), untilMs: r.until_ms === null ? null : Number(r.until_ms) }));
}

/** none, or the break in force (an account an operator self-excluded without a row of ours counts as self_excluded). */
export type ExclusionState = Omit<ExclusionStateView, 'options'>;

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
    await lockPlayer(trx, playerId);
    const now = clock.nowMs();
    const player = await findPlayerById(trx, playerId);
    if (!player) throw new Error(`exclusions: no player ${playerId}`);
    const current = currentExclusion(await listExclusions(trx, playerId), now);
    // An account an operator self-excluded (no record of ours) cannot take a cooling-off either.
    if (!current && player.account_status === 'SELF_EXCLUDED') throw new AppError(request.kind === 'cooling_off' ? 'RESPONSIBLE_PLAY_SELF_EXCLUDED' : 'RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    const refusal = mayStart(current, request.kind, request.period, now);
    if (refusal) throw new AppError(refusal);
    const untilMs = endOf(request.period, now);
    const id = await insertExclusion(trx, { player_id: playerId, kind: request.kind, period: request.period, started_at_ms: now, until_ms: untilMs, ip: request.ip?.slice(0, 64) ?? null, user_agent: request.userAgent?.slice(0, 300) ?? null });
    await setBreakStatus(trx, playerId, statusOf(request.kind), now);
    if (request.kind === 'cooling_off' && untilMs !== null) await upsertCashierCoolingOff(trx, playerId, untilMs, now);
    return { id, kind: request.kind, period: request.period, startedAtMs: now, untilMs };
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
  const lifted = await liftBreakStatus(db, player.id, statusOf(latest.kind), nowMs);
  return lifted ? { ...player, account_status: 'ACTIVE' } : player;
}
