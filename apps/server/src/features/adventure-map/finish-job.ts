import { adventureMapSections, adventureMapSettings } from '@sweepstack/db/adventure-map/repository';
import { scheduleJob } from '@sweepstack/db/jobs/repository';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { creditPlayer } from '../../rewards/credit-player';
import { FEATURE } from './map-info';

export const ADVENTURE_MAP_FINISH_JOB = 'adventure-map.finish';

const ZFinishPayload = z.strictObject({ slug: z.string(), endsAtMs: z.number().int() });

/**
 * Schedules the map's end in the transaction that saved it. The key holds the slug and the time: a
 * moved end gets its own job, and a job whose map or time is no longer the saved one does nothing.
 */
export async function scheduleAdventureMapFinish(trx: Transaction<Database>, slug: string, endsAtMs: number, clock: Clock): Promise<void> {
  await scheduleJob(trx, ADVENTURE_MAP_FINISH_JOB, `adventure-map:${slug}:${endsAtMs}`, endsAtMs, { slug, endsAtMs }, { clock });
}

/**
 * At the map's end nothing earned is lost (docs/rewards.md): every stop a player reached but did not
 * move onto is claimed for them, its award credited with a notice (and a balance push) under the key a move would have used
 * (`adventure-map:<slug>:<index>:<player>`), so a move and the job never both pay; the token goes to
 * the last stop reached. All in the job's transaction.
 */
export async function claimReachedStopsAtEnd(trx: Transaction<Database>, payload: { slug: string; endsAtMs: number }, clock: Clock): Promise<{ paid: number }> {
  const settings = await adventureMapSettings(trx);
  if (!settings || settings.slug !== payload.slug || settings.endsAtMs !== payload.endsAtMs) return { paid: 0 };
  const sections = await adventureMapSections(trx);
  const nowMs = clock.nowMs();
  let paid = 0;
  const players = await trx.selectFrom('adventure_map_players').select(['player_id', 'points', 'current_index']).where('map_slug', '=', payload.slug).where('points', '>=', sections[1]?.pointsNeeded ?? Number.MAX_SAFE_INTEGER).execute();
  for (const row of players) {
    const playerId = Number(row.player_id);
    const points = Number(row.points);
    const claimed = new Set((await trx.selectFrom('adventure_map_claims').select('section_index').where('player_id', '=', playerId).where('map_slug', '=', payload.slug).execute()).map((c) => Number(c.section_index)));
    let last = Number(row.current_index);
    for (const section of sections) {
      if (section.index === 0 || section.pointsNeeded > points) continue;
      last = Math.max(last, section.index);
      if (claimed.has(section.index)) continue;
      await trx.insertInto('adventure_map_claims').values({ player_id: playerId, map_slug: payload.slug, section_index: section.index, claimed_at_ms: nowMs }).execute();
      if (section.award.gc > 0 || section.award.fcCents > 0) {
        await creditPlayer(trx, { playerId, feature: FEATURE, prize: { kind: 'coins', amount: section.award.gc, amountCents: section.award.fcCents }, idempotencyKey: `adventure-map:${payload.slug}:${section.index}:${playerId}`, metadata: { slug: payload.slug, index: section.index, automatic: true }, notify: true }, { clock });
      }
      paid += 1;
    }
    await trx.updateTable('adventure_map_players').set({ current_index: sql`case when current_index > ${last} then current_index else ${last} end`, updated_at_ms: nowMs }).where('player_id', '=', playerId).where('map_slug', '=', payload.slug).execute();
  }
  return { paid };
}

export const adventureMapFinishJob = defineJob({
  kind: ADVENTURE_MAP_FINISH_JOB,
  payload: ZFinishPayload,
  async run(job, { db, clock, log }) {
    const { paid } = await claimReachedStopsAtEnd(db, job.payload, clock);
    log.info({ slug: job.payload.slug, paid }, 'adventure map ended: reached stops claimed');
  },
});
