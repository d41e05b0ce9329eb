import { PrizeDropsPrizesReleased } from '@sweepstack/contracts/prize-drops/events';
import { prizeDropSettings } from '@sweepstack/db/prize-drops/repository';
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { recordPush } from '../../realtime/push';
import { ensureBlockReleased } from './pool';

export const RELEASE_JOB = 'prize-drops.release-block';

/**
 * The hourly block (docs/features/prize-drops.md): at every hour it opens the operator day when it
 * begins (a fresh committed seed) and releases the block's prizes, then tells every open board. A
 * missed hour runs late, once (`all`): its prizes are released, never skipped. The day's seed comes
 * from the job context's Rng (the app's; a seeded one in tests).
 */
export const releaseBlockJob = defineJob({
  kind: RELEASE_JOB,
  payload: z.object({ scheduledAtMs: z.number().int() }).passthrough(),
  schedule: { cron: '0 * * * *', timeZone: 'UTC', missed: 'all', graceMs: 86_400_000 },
  async run(job, { db, clock, rng }) {
    const settings = await prizeDropSettings(db);
    if (!settings.active) return;
    const { day, block, released } = await ensureBlockReleased(db, job.payload.scheduledAtMs, settings, rng);
    if (!released) return;
    await recordPush(db, { eventType: PrizeDropsPrizesReleased.name, playerId: null, payload: { day: day.day, block }, push: { type: 'prizeDrops', action: 'prizesReleased', data: { day: day.day, block } } }, { clock });
  },
});
