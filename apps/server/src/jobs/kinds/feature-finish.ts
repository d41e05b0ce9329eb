import { scheduleJob, type ScheduleResult } from '@sweepstack/db/jobs/repository';
import { FeatureFinished } from '@sweepstack/contracts/feature-finish/events';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import type { Database } from '@sweepstack/db/schema';
import { finishTimerPlan } from '@sweepstack/domain/feature-finish/finish-timer';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../registry';

export const FEATURE_FINISH_JOB = 'feature.finish';
/** The outbox event the job records when a feature instance finishes (features turn their flags off on it). */
export const FEATURE_FINISHED_EVENT = FeatureFinished.name;

const ZFinish = z.strictObject({
  feature: z.string().regex(/^[a-z][a-z0-9-]{0,49}$/),
  /** Which run of the feature (a scratch-card campaign, a player's deposit streak): part of the key. */
  instance: z.string().min(1).max(100),
  finishAtMs: z.number().int(),
  playerId: z.number().int().positive().nullable().default(null),
});
export type FeatureFinish = z.input<typeof ZFinish>;

/**
 * Spec §4 feature finish timers on the server: at `finishAtMs` a `feature.finished` event is recorded
 * (in the job's transaction), on which the feature turns its flag off and players' sockets hear of it.
 * An instance already finished gets a warning only. The web sets its own timer within 86400 s.
 */
export async function scheduleFeatureFinish(trx: Transaction<Database>, finish: FeatureFinish, context: { clock: Clock; log: Pick<FastifyBaseLogger, 'warn'> }): Promise<ScheduleResult | { scheduled: false; alreadyFinished: true }> {
  const parsed = ZFinish.parse(finish);
  if (finishTimerPlan(context.clock.nowMs(), parsed.finishAtMs).kind === 'already-finished') {
    context.log.warn({ feature: parsed.feature, instance: parsed.instance, finishAtMs: parsed.finishAtMs }, 'feature finish timer: already finished');
    return { scheduled: false, alreadyFinished: true };
  }
  // The finish time is in the key: a feature moved to a new end gets a new timer (cancel the old one).
  const key = `${parsed.feature}:${parsed.instance}:${parsed.finishAtMs}`;
  return scheduleJob(trx, FEATURE_FINISH_JOB, key, parsed.finishAtMs, parsed, { clock: context.clock });
}

export default defineJob({
  kind: FEATURE_FINISH_JOB,
  payload: ZFinish,
  async run(job, { db, clock }) {
    await recordEvent(db, { type: FEATURE_FINISHED_EVENT, playerId: job.payload.playerId, payload: { feature: job.payload.feature, instance: job.payload.instance, finishedAtMs: job.payload.finishAtMs } }, { clock });
  },
});
