import { TournamentPositionsDue, TournamentPrizePaid, TournamentStarted, TournamentStopped } from '@sweepstack/contracts/tournaments/events';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import type { Database } from '@sweepstack/db/schema';
import { allRankedEntries, findRun, insertWinners, markWinnersPaid, setRunStatus, teamsOf, winnersOf, type RunRow } from '@sweepstack/db/tournaments/repository';
import { paidPlaces } from '@sweepstack/domain/tournaments/lifecycle';
import { compareStandings, rankTeams } from '@sweepstack/domain/tournaments/scoring';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';
import { JOB_FINISH, JOB_OPEN, JOB_PAY, JOB_POSITIONS, JOB_START, planAll } from './planner';
import { FEATURE, prizesOf, pushTitlesOf, rulesOf, runRef } from './views';

const ZRunPayload = z.object({ runId: z.number().int().positive() });
const ZEndPayload = z.object({ runId: z.number().int().positive(), endMs: z.number().int() });
const ZPositionsPayload = z.object({ runId: z.number().int().positive(), fromMs: z.number().int(), toMs: z.number().int() });

/** The positions push's window: standings written in one second go out together after it (at most one push a second per run). */
export const POSITIONS_WINDOW_MS = 1000;
/** How long after its window the positions job runs: a scoring transaction that read the clock just before the window's end has committed by then. */
export const POSITIONS_SETTLE_MS = 250;

/** The positions job of the window holding `nowMs` (scheduled by the scoring handler; one per run and second, whatever the batches). */
export function positionsJobOf(runId: number, nowMs: number): { key: string; runAtMs: number; payload: z.infer<typeof ZPositionsPayload> } {
  const fromMs = nowMs - (nowMs % POSITIONS_WINDOW_MS);
  const toMs = fromMs + POSITIONS_WINDOW_MS;
  return { key: `run:${runId}:${fromMs}`, runAtMs: toMs + POSITIONS_SETTLE_MS, payload: { runId, fromMs, toMs } };
}

export const JOB_PLAN = 'tournaments.plan';

/** A stop or start told to every socket (the web refreshes its tournaments and shows the finished toast). */
export async function pushStop(trx: Transaction<Database>, run: RunRow, reason: 'finished' | 'voided' | 'extended', nowMs: number): Promise<void> {
  await recordPush(
    trx,
    { eventType: TournamentStopped.name, playerId: null, payload: { tournamentId: run.schedule_id, historyId: run.id, reason }, push: { type: 'tournament', action: 'stop', data: { ...runRef(run), ...pushTitlesOf(run), end: Number(run.end_ms), reason } } },
    { clock: { nowMs: () => nowMs } },
  );
}

/**
 * Rounds recorded before the end whose handlers have not all run yet: the standings are not final
 * while any is left (the batch handler scores within ~100 ms of a commit; the payout waits for it).
 */
async function unscoredRoundsBefore(trx: Transaction<Database>, endMs: number): Promise<number> {
  const row = await trx
    .selectFrom('domain_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', 'game.round-played')
    .where('dispatched_at_ms', 'is', null)
    .where('created_at_ms', '<', endMs)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface Award {
  playerId: number;
  place: number;
  points: number;
  teamId: number | null;
}

/** Who a finished run pays: the best players with points, or the counted members of the best teams. */
async function awardsOf(trx: Transaction<Database>, run: RunRow): Promise<Award[]> {
  const prizes = prizesOf(run);
  const ranked = await allRankedEntries(trx, run.id);
  if (run.team_based !== 1) return paidPlaces(ranked, prizes.length).map((e, i) => ({ playerId: e.playerId, place: i + 1, points: e.points, teamId: null }));
  const rules = rulesOf(run);
  const teams = rankTeams((await teamsOf(trx, run.id)).map((t) => t.teamId), ranked.filter((e) => e.teamId !== null).map((e) => ({ teamId: e.teamId!, points: e.points, reachedSeq: e.reachedSeq })), rules.teamTopMembers);
  const awards: Award[] = [];
  for (const [i, team] of paidPlaces(teams, prizes.length).entries()) {
    const counted = ranked.filter((e) => e.teamId === team.teamId && e.points > 0).sort(compareStandings).slice(0, rules.teamTopMembers);
    for (const member of counted) awards.push({ playerId: member.playerId, place: i + 1, points: member.points, teamId: team.teamId });
  }
  return awards;
}

/** The tournaments' jobs: the planner (recurring) and each run's open, start, finish and pay. */
export const tournamentJobs = [
  defineJob({
    kind: JOB_PLAN,
    schedule: { cron: '*/10 * * * *', missed: 'once', graceMs: 86_400_000 },
    async run(_job, { db, clock, scheduleJob }) {
      await planAll(db, clock.nowMs(), scheduleJob);
    },
  }),
  defineJob({
    kind: JOB_OPEN,
    payload: ZRunPayload,
    async run(job, { db, clock }) {
      await setRunStatus(db, job.payload.runId, ['announced'], 'open', clock.nowMs());
    },
  }),
  defineJob({
    kind: JOB_START,
    payload: ZRunPayload,
    async run(job, { db, clock }) {
      const nowMs = clock.nowMs();
      if (!(await setRunStatus(db, job.payload.runId, ['announced', 'open'], 'running', nowMs))) return;
      const run = (await findRun(db, job.payload.runId))!;
      await recordPush(
        db,
        { eventType: TournamentStarted.name, playerId: null, payload: { tournamentId: run.schedule_id, historyId: run.id }, push: { type: 'tournament', action: 'start', data: { ...runRef(run), ...pushTitlesOf(run), start: Number(run.start_ms), end: Number(run.end_ms) } } },
        { clock },
      );
    },
  }),
  defineJob({
    kind: JOB_FINISH,
    payload: ZEndPayload,
    async run(job, { db, clock }) {
      const run = await findRun(db, job.payload.runId);
      // An extension moved the end: this timer is not the run's end any more.
      if (!run || Number(run.end_ms) !== job.payload.endMs) return;
      const nowMs = clock.nowMs();
      if (!(await setRunStatus(db, run.id, ['announced', 'open', 'running'], 'finished', nowMs))) return;
      await pushStop(db, run, 'finished', nowMs);
    },
  }),
  defineJob({
    kind: JOB_POSITIONS,
    payload: ZPositionsPayload,
    maxAttempts: 3,
    // One a second per running run: done rows are of no use after the hour (their keys name a past second).
    keepDoneMs: 3_600_000,
    async run(job, { db, clock }) {
      const run = await findRun(db, job.payload.runId);
      if (!run) return;
      // The handler of this event (it holds the standings store, Redis or the table) reads and pushes.
      await recordEvent(db, { type: TournamentPositionsDue.name, playerId: null, payload: { tournamentId: run.schedule_id, historyId: run.id, fromMs: job.payload.fromMs, toMs: job.payload.toMs } }, { clock });
    },
  }),
  defineJob({
    kind: JOB_PAY,
    payload: ZEndPayload,
    maxAttempts: 25,
    backoff: (attempt) => Math.min(60_000, 2_000 * attempt),
    async run(job, { db, clock }) {
      const found = await findRun(db, job.payload.runId);
      if (!found || Number(found.end_ms) !== job.payload.endMs || found.status === 'paid' || found.status === 'voided') return;
      // The finish job may not have run yet (another node holds it, or it waits for a retry): finish here.
      if (found.status !== 'finished') {
        await setRunStatus(db, found.id, ['announced', 'open', 'running'], 'finished', clock.nowMs());
        await pushStop(db, found, 'finished', clock.nowMs());
      }
      const run = { ...found, status: 'finished' as const };
      const waiting = await unscoredRoundsBefore(db, Number(run.end_ms));
      if (waiting > 0) throw new Error(`tournament ${run.id}: ${waiting} rounds played before the end are not scored yet`);
      const nowMs = clock.nowMs();
      const prizes = prizesOf(run);
      const awards = await awardsOf(db, run);
      await insertWinners(
        db,
        awards.map((a) => {
          const prize = prizes[a.place - 1]!;
          return { run_id: run.id, place: a.place, player_id: a.playerId, team_id: a.teamId, points: a.points, prize_coins: prize.coins, prize_entries_cents: Math.round(prize.entries * 100), status: 'pending' as const };
        }),
      );
      for (const winner of await winnersOf(db, run.id)) {
        if (winner.status !== 'pending') continue;
        const coins = Number(winner.prize_coins);
        const cents = Number(winner.prize_entries_cents);
        if (coins > 0 || cents > 0) {
          // The job's key makes the prize once: a second run of this job meets the ledger's unique keys.
          await creditPlayer(
            db,
            { playerId: winner.player_id, feature: FEATURE, prize: { kind: 'coins', amount: coins, amountCents: cents }, idempotencyKey: `job:${JOB_PAY}:${job.key}:${winner.player_id}`, metadata: { historyId: run.id, place: winner.place }, notify: true },
            { clock },
          );
        }
        await recordPush(
          db,
          {
            eventType: TournamentPrizePaid.name,
            playerId: winner.player_id,
            payload: { tournamentId: run.schedule_id, historyId: run.id, place: winner.place },
            push: { type: 'tournament', action: 'playerWin', data: { ...runRef(run), ...pushTitlesOf(run), place: winner.place, points: Number(winner.points), prize: { coins, entries: cents / 100 } } },
          },
          { clock },
        );
      }
      await markWinnersPaid(db, run.id, nowMs);
      await setRunStatus(db, run.id, ['finished'], 'paid', nowMs, { paidAtMs: nowMs });
    },
  }),
];
