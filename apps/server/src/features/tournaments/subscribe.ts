import { AppError } from '@sweepstack/contracts/errors';
import { writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import type { Player } from '@sweepstack/db/repositories/players';
import { addTeamMember, findEntry, findSchedule, insertEntry, joinableRunOf, subscribedRunsOf, teamsOf } from '@sweepstack/db/tournaments/repository';
import { teamToJoin } from '@sweepstack/domain/tournaments/scoring';
import { sql } from 'kysely';
import type { AppDeps } from '../../app-context';
import { FEATURE } from './views';

/** What app init's TournamentsSubscriptions is built from: the tournaments joined whose run is not over. */
export interface SubscriptionsState {
  subscriptions: { id: number; endMs: number }[];
}

/**
 * Joins the open run of tournament `id` (spec §7 subscribe): once per player and run; a team
 * tournament puts the player in its smallest team (the run's row is locked first, so concurrent
 * joins balance). Guests never get here (spec §5); accounts that may not play are refused.
 */
export async function subscribe(deps: AppDeps, player: Player, id: number): Promise<{ teamId: number | null; historyId: number }> {
  if (player.account_status !== 'ACTIVE') throw new AppError('TOURNAMENT_NOT_ALLOWED');
  const nowMs = deps.clock.nowMs();
  return deps.database.db.transaction().execute(async (trx) => {
    if (!(await findSchedule(trx, id))) throw new AppError('TOURNAMENT_NOT_FOUND');
    const run = await joinableRunOf(trx, id);
    if (!run || nowMs >= Number(run.end_ms)) throw new AppError('TOURNAMENT_NOT_OPEN');
    // Serializes joins of this run (PostgreSQL row lock; SQLite has one writer anyway).
    await trx.updateTable('tournament_runs').set({ updated_at_ms: sql`updated_at_ms` }).where('id', '=', run.id).execute();
    const existing = await findEntry(trx, run.id, player.id);
    if (existing) return { teamId: existing.team_id, historyId: run.id };
    let teamId: number | null = null;
    if (run.team_based === 1) teamId = teamToJoin((await teamsOf(trx, run.id)).map((t) => ({ teamId: t.teamId, members: t.members })));
    await insertEntry(trx, run.id, player.id, teamId, nowMs);
    if (teamId !== null) await addTeamMember(trx, run.id, teamId);
    const state: SubscriptionsState = { subscriptions: (await subscribedRunsOf(trx, player.id)).map((r) => ({ id: r.scheduleId, endMs: r.endMs })) };
    await writePlayerFeatureState(trx, player.id, FEATURE, state, nowMs);
    return { teamId, historyId: run.id };
  });
}

/** App init's TournamentsSubscriptions from the player's state row: the tournaments joined whose run has not ended. */
export function subscriptionsOf(state: unknown, nowMs: number): number[] {
  const list = (state as Partial<SubscriptionsState> | null)?.subscriptions ?? [];
  return [...new Set(list.filter((s) => s.endMs > nowMs).map((s) => s.id))];
}
