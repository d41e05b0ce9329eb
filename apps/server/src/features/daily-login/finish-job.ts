import { currentLadder, latestClaimsSince, outageDaysSince } from '@sweepstack/db/daily-login/repository';
import { scheduleJob } from '@sweepstack/db/jobs/repository';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import { ladderStatus } from '@sweepstack/domain/daily-login/ladder';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { daysBetween, operatorDay, operatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { payClaim } from './claim-daily-prize';

export const DAILY_LOGIN_FINISH_JOB = 'daily-login.finish';

const ZFinishPayload = z.strictObject({ finishAtMs: z.number().int() });

/** Players handled per page of the finish run (all pages run in the job's one transaction). */
const PAGE = 500;

/**
 * Schedules the feature finish timer (spec §4) for a ladder that ends at `finishAtMs`, in the
 * transaction that saved it. The key holds the time: a moved finish gets its own job, and a job
 * whose time is no longer the ladder's does nothing.
 */
export async function scheduleDailyLoginFinish(trx: Transaction<Database>, finishAtMs: number, clock: Clock): Promise<void> {
  await scheduleJob(trx, DAILY_LOGIN_FINISH_JOB, `daily-login:finish:${finishAtMs}`, finishAtMs, { finishAtMs }, { clock });
}

/**
 * The last operator day the feature ran: the day holding the instant just before it finished.
 */
export function lastDayOf(finishAtMs: number, timeZone: string): string {
  return operatorDay(finishAtMs - 1, timeZone);
}

/**
 * At the finish time, nothing earned is lost (docs/rewards.md): every player whose ladder was still
 * running (a claim open on the last day, streak not broken) and who had not claimed that day gets
 * that day's prize credited automatically, with a notice, keyed as their own claim would have been
 * (`daily-login:<player>:<day>`), so a claim and the job can never both pay. Runs in the job's
 * transaction with its done mark.
 */
export async function payOpenClaimsAtFinish(trx: Transaction<Database>, finishAtMs: number, clock: Clock): Promise<{ paid: number }> {
  const ladder = await currentLadder(trx);
  // The finish was moved (or removed), or the ladder was switched off: no claim was open.
  if (!ladder || ladder.finishesAtMs !== finishAtMs || !ladder.active) return { paid: 0 };
  const timeZone = await readOperatorTimeZone(trx);
  const lastDay = lastDayOf(finishAtMs, timeZone);
  // A ladder that can still be running on the last day had a claim within the grace days plus the
  // outage days in between; a month back bounds every such case (grace days are at most 7).
  const fromDay = operatorDay(operatorDayStartMs(lastDay, timeZone) - 40 * 86_400_000, timeZone);
  const outages = await outageDaysSince(trx, fromDay);
  let paid = 0;
  let after = 0;
  for (;;) {
    const page = await latestClaimsSince(trx, fromDay, after, PAGE);
    for (const { playerId, state } of page) {
      after = playerId;
      if (state.lastClaimDay === null || daysBetween(state.lastClaimDay, lastDay) <= 0) continue;
      const status = ladderStatus(state, lastDay, outages, ladder.rules);
      if (!status.isAvailable || status.restarted) continue;
      const player = await trx.selectFrom('players').select('account_status').where('id', '=', playerId).executeTakeFirst();
      if (player?.account_status !== 'ACTIVE') continue;
      const prize = ladder.levels[status.activeLevel - 1]!;
      const result = await payClaim(trx, { playerId, day: lastDay, level: status.activeLevel, ladder, prize, automatic: true }, { clock, chargeBudget: 'when-it-fits' });
      if (result.paid) paid += 1;
    }
    if (page.length < PAGE) break;
  }
  return { paid };
}

export const dailyLoginFinishJob = defineJob({
  kind: DAILY_LOGIN_FINISH_JOB,
  payload: ZFinishPayload,
  async run(job, { db, clock, log }) {
    const { paid } = await payOpenClaimsAtFinish(db, job.payload.finishAtMs, clock);
    log.info({ finishAtMs: job.payload.finishAtMs, paid }, 'daily login finished: open claims credited');
  },
});
