import { z } from 'zod';
import { ZLadderPrizeInput } from '../daily-login/operator';
import { SEASON_LEVELS, ZSeasonRates, ZSeasonSlug, ZSeasonView } from './season';

/** One level as the operator writes it: cumulative points and its prizes (the premium one only with a premium track). */
export const ZSeasonLevelInput = z.strictObject({
  points: z.number().int().min(1).max(1_000_000_000),
  freePrize: ZLadderPrizeInput,
  premiumPrize: ZLadderPrizeInput.nullable().default(null),
});

/** POST /api/operator/seasons/ (create) and PUT /api/operator/seasons/{slug}/ (edit while scheduled). */
export const ZSaveSeasonRequest = z.strictObject({
  slug: ZSeasonSlug,
  title: z.string().trim().min(1).max(80),
  /** ISO 8601 with a zone. */
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  rates: ZSeasonRates.strict(),
  /** The cashier package that unlocks the premium track; null: the season has none. */
  premiumPackageId: z.string().min(1).max(64).nullable(),
  levels: z.array(ZSeasonLevelInput).length(SEASON_LEVELS, `a season has exactly ${SEASON_LEVELS} levels`),
});
export type SaveSeasonRequest = z.infer<typeof ZSaveSeasonRequest>;

export const ZOperatorSeasonResponse = z.object({ success: z.literal(true), data: ZSeasonView });
export const ZOperatorSeasonsResponse = z.object({ success: z.literal(true), data: z.object({ seasons: z.array(ZSeasonView) }) });
