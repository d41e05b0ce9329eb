import { scheduleJob } from '@sweepstack/db/jobs/repository';
import type { Database } from '@sweepstack/db/schema';
import { moveSeasonStatus, seasonById, seasonPlayersWithLevels } from '@sweepstack/db/seasons/repository';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { payOwedSeasonPrizes } from './progress';
import { refreshSeasonsStatus } from './status';

export const SEASONS_START_JOB = 'seasons.start';
export const SEASONS_END_JOB = 'seasons.end';

const ZPayload = z.strictObject({ seasonId: z.number().int().positive(), atMs: z.number().int() });

/** Players handled per page of the end sweep (every page in the job's one transaction). */
const PAGE = 500;

/**
 * Schedules a season's start and end jobs in the transaction that saved it. The keys hold the times:
 * a moved time gets its own job, and a job whose time is no longer the season's does nothing.
 */
export async function scheduleSeasonJobs(trx: Transaction<Database>, season: { id: number; startsAtMs: number; endsAtMs: number }, clock: Clock): Promise<void> {
  await scheduleJob(trx, SEASONS_START_JOB, `seasons:start:${season.id}:${season.startsAtMs}`, season.startsAtMs, { seasonId: season.id, atMs: season.startsAtMs }, { clock });
  await scheduleJob(trx, SEASONS_END_JOB, `seasons:end:${season.id}:${season.endsAtMs}`, season.endsAtMs, { seasonId: season.id, atMs: season.endsAtMs }, { clock });
}

/** The start: scheduled → running; from then on play and purchases count. */
export async function startSeason(trx: Transaction<Database>, payload: z.infer<typeof ZPayload>, clock: Clock): Promise<boolean> {
  const season = await seasonById(trx, payload.seasonId);
  if (!season || season.startsAtMs !== payload.atMs) return false;
  const nowMs = clock.nowMs();
  if (!(await moveSeasonStatus(trx, season.id, 'scheduled', 'running', nowMs))) return false;
  await refreshSeasonsStatus(trx, nowMs);
  return true;
}

/**
 * The end: running → ended, then a sweep that pays any level prize still owed (nothing earned is lost,
 * docs/rewards.md), credited with a notice. Prizes are paid as levels are reached, so the sweep
 * normally finds none; it is the guarantee, keyed like the prizes themselves.
 */
export async function endSeason(trx: Transaction<Database>, payload: z.infer<typeof ZPayload>, clock: Clock): Promise<{ ended: boolean; paid: number }> {
  const season = await seasonById(trx, payload.seasonId);
  if (!season || season.endsAtMs !== payload.atMs) return { ended: false, paid: 0 };
  const nowMs = clock.nowMs();
  const ended = (await moveSeasonStatus(trx, season.id, 'running', 'ended', nowMs)) || (await moveSeasonStatus(trx, season.id, 'scheduled', 'ended', nowMs));
  if (!ended) return { ended: false, paid: 0 };
  let paid = 0;
  let after = 0;
  for (;;) {
    const page = await seasonPlayersWithLevels(trx, season.id, after, PAGE);
    for (const { playerId, player } of page) {
      after = playerId;
      paid += (await payOwedSeasonPrizes(trx, { ...season, status: 'ended' }, playerId, player, { clock, notify: true })).length;
    }
    if (page.length < PAGE) break;
  }
  await refreshSeasonsStatus(trx, nowMs);
  return { ended, paid };
}

export const seasonsStartJob = defineJob({
  kind: SEASONS_START_JOB,
  payload: ZPayload,
  async run(job, { db, clock, log }) {
    const started = await startSeason(db, job.payload, clock);
    log.info({ seasonId: job.payload.seasonId, started }, 'season start');
  },
});

export const seasonsEndJob = defineJob({
  kind: SEASONS_END_JOB,
  payload: ZPayload,
  async run(job, { db, clock, log }) {
    const result = await endSeason(db, job.payload, clock);
    log.info({ seasonId: job.payload.seasonId, ...result }, 'season end: owed prizes credited');
  },
});
