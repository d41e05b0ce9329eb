import { z } from 'zod';
import { ZPromotionType } from './promotion';

/** The operator calls of promotions, under `/api/operator/promotions/` (docs/features/promotions.md). */

const ZLocalizedHowWorks = z.strictObject({ en: z.string().trim().min(1).max(600), es: z.string().trim().min(1).max(600) });

/** One type's placement: shown at all, on the home page, on the promotions page, and its "how it works" text. */
export const ZPromotionPlacement = z.strictObject({
  type: ZPromotionType,
  enabled: z.boolean(),
  isShowHomePage: z.boolean(),
  isShowPromoPage: z.boolean(),
  /** Null: the web's default text of the type. */
  howWorks: ZLocalizedHowWorks.nullable(),
});
export type PromotionPlacement = z.infer<typeof ZPromotionPlacement>;

/**
 * PUT /api/operator/promotions/placements/: the types in page order, each at most once; a type left
 * out keeps its default placement after the listed ones.
 */
export const ZPromotionPlacements = z.strictObject({ placements: z.array(ZPromotionPlacement).min(1).max(20) });
export type PromotionPlacements = z.infer<typeof ZPromotionPlacements>;

export const ZPromotionPlacementsResponse = z.object({ success: z.literal(true), data: z.object({ placements: z.array(ZPromotionPlacement) }) });

const place = (type: PromotionPlacement['type'], isShowHomePage: boolean): PromotionPlacement => ({ type, enabled: true, isShowHomePage, isShowPromoPage: true, howWorks: null });

/** The placements before an operator sets any: every type on the promotions page, the first offers, the tournament, free spins and verification on the home page. */
export const DEFAULT_PROMOTION_PLACEMENTS: readonly PromotionPlacement[] = [
  place('offerDeposit', true),
  place('playerFreeSpin', true),
  place('tournament', true),
  place('verification', true),
  place('offerPeriodic', false),
  place('rankLeagueCashback', false),
  place('quest', false),
  place('magicBox', false),
  place('invite', false),
  place('inviteQualification', false),
  place('dailyLogin', false),
  place('wheelOfTreasure', false),
];
