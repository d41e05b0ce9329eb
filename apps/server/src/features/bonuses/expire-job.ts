import { expirePendingGrants } from '@sweepstack/db/bonuses/repository';
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';

export const EXPIRE_MESSAGES_JOB = 'bonuses.expire-messages';
/** Grants marked per statement; a run marks at most `PAGE * PAGES_PER_RUN`, the next run the rest. */
const PAGE = 500;
const PAGES_PER_RUN = 20;

/**
 * Every five minutes, pending bonus messages whose end has passed become `expired` (docs/features/bonuses.md).
 * Claims were already refused by the date; this makes the table say so, for the operator's counts and
 * the player's list. It looks at every message each time, so a missed run is made up by the next one
 * (`once`); marking only from `pending` makes a second run of the same occurrence change nothing.
 */
export const expireMessagesJob = defineJob({
  kind: EXPIRE_MESSAGES_JOB,
  payload: z.object({ scheduledAtMs: z.number().int() }).passthrough(),
  schedule: { cron: '*/5 * * * *', timeZone: 'UTC', missed: 'once', graceMs: 86_400_000 },
  async run(_job, { db, clock, log }) {
    const nowMs = clock.nowMs();
    let expired = 0;
    for (let page = 0; page < PAGES_PER_RUN; page += 1) {
      const marked = await expirePendingGrants(db, nowMs, PAGE);
      expired += marked;
      if (marked < PAGE) break;
    }
    if (expired > 0) log.info({ expired }, 'bonuses: messages past their end marked expired');
  },
});
