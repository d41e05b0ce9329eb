import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import type { Database } from '@sweepstack/db/schema';
import { defaultSeason, SEASONS_FEATURE, type SeasonStatus } from '@sweepstack/db/seasons/repository';
import type { Transaction } from 'kysely';

/** The site-wide state app init reads (`feature_status`, feature `seasons`): the default season. */
export interface SeasonsSiteStatus {
  slug: string;
  status: SeasonStatus;
  startsAtMs: number;
  endsAtMs: number;
}

/** Rewrites the site-wide state after a change of seasons (operator edit, start or end job), in its transaction. */
export async function refreshSeasonsStatus(trx: Transaction<Database>, nowMs: number): Promise<void> {
  const season = await defaultSeason(trx);
  const status: SeasonsSiteStatus | null = season ? { slug: season.slug, status: season.status, startsAtMs: season.startsAtMs, endsAtMs: season.endsAtMs } : null;
  await writeFeatureStatus(trx, SEASONS_FEATURE, status, nowMs);
}
