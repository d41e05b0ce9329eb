import { z } from 'zod';

/**
 * GET /rest/features-games-info/info/ (spec §3 "Feature info", §7): every built feature's status and
 * info, answered by the features themselves (docs/adding-a-feature.md, "Feature info"). A feature
 * that is not built is absent from `statusFeatures` and `featuresInfo`; its top-level fields are null.
 */
export const ZFeaturesGamesInfoQuery = z.object({
  invited_by: z.string().max(100).optional(),
  useOptimizedGames: z.enum(['0', '1']).optional(),
});

export const ZFeaturesGamesInfo = z.object({
  /** Per feature (its name in every layer): is it running for this visitor. */
  statusFeatures: z.record(z.string(), z.object({ isActive: z.boolean() })),
  /** Per feature: what it tells the site about itself (its own contract). */
  featuresInfo: z.record(z.string(), z.unknown()),
  /** A wheel can be spun now (the wheel of treasure's free spin or an extra spin). */
  availableWheel: z.boolean(),
  /** The booster wheel, when the player earned it today. */
  boosterWheel: z.object({ wheels: z.object({ id: z.string() }) }).nullable(),
  /** The extended wheel, when the player holds extra spins. */
  extraWheel: z.object({ count: z.number().int().min(0), wheels: z.object({ id: z.string() }) }).nullable(),
  adventureMap: z.unknown().nullable(),
  currentOffer: z.object({ badgeLabel: z.string().nullable() }).nullable(),
});
export type FeaturesGamesInfo = z.infer<typeof ZFeaturesGamesInfo>;

/** The top-level fields a feature may answer (each by at most one feature). */
export type FeaturesGamesInfoFields = Omit<FeaturesGamesInfo, 'statusFeatures' | 'featuresInfo'>;

export const ZFeaturesGamesInfoResponse = z.object({ success: z.literal(true), data: ZFeaturesGamesInfo });
export type FeaturesGamesInfoResponse = z.infer<typeof ZFeaturesGamesInfoResponse>;
