import { z } from 'zod';

/**
 * Promotions (spec §3 "Promotion", §7 GET /rest/page/promotions/; docs/features/promotions.md): the
 * cards of the promotions page and of the home page. Every card is contributed by the feature it leads
 * to (`promotions` in the server's feature.ts); a type whose feature is not built, or is off, has no card.
 */

/**
 * Spec §3's promotion types, in the default order of the page, then our two daily features' types
 * (dailyLogin, wheelOfTreasure: docs/decisions/0007-promotion-types-for-the-daily-features.md).
 */
export const PROMOTION_TYPES = ['offerDeposit', 'offerPeriodic', 'tournament', 'invite', 'verification', 'inviteQualification', 'magicBox', 'quest', 'playerFreeSpin', 'rankLeagueCashback', 'dailyLogin', 'wheelOfTreasure'] as const;
export const ZPromotionType = z.enum(PROMOTION_TYPES);
export type PromotionType = z.infer<typeof ZPromotionType>;

/** Where a card shows (operator data per type). */
export const ZPromotionViewKeys = z.object({ isShowHomePage: z.boolean(), isShowPromoPage: z.boolean() });
export type PromotionViewKeys = z.infer<typeof ZPromotionViewKeys>;

/**
 * Where a card leads: a page of the site (`to`, a path starting with one slash) or a modal of a web
 * feature (`modal`, opened with `openModal`-like options: `{ modal: 'tournaments' }`).
 */
export const ZPromotionLink = z.union([
  z.strictObject({ to: z.string().regex(/^\/(?!\/)/, 'A path of this site') }),
  z.strictObject({ modal: z.string().min(1).max(60), options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional() }),
]);
export type PromotionLink = z.infer<typeof ZPromotionLink>;

/**
 * Per-type card data: each `cards/<type>.ts` declares its schema and adds it here by module
 * augmentation (`interface PromotionDataCatalogue { tournament: TournamentPromotionData }`). A type
 * nobody declared takes any JSON object.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging from cards/<type>.ts
export interface PromotionDataCatalogue {}
export type PromotionDataOf<T extends PromotionType> = T extends keyof PromotionDataCatalogue ? PromotionDataCatalogue[T] : Record<string, unknown>;

export const ZPromotion = z.object({
  /** Unique in an answer and stable between answers: `<feature>:<type>:<the feature's key>`. */
  key: z.string(),
  type: ZPromotionType,
  /** The server feature that answered the card. */
  feature: z.string(),
  viewKeys: ZPromotionViewKeys,
  /** The card's content: the schema of `cards/<type>.ts`. */
  data: z.record(z.string(), z.unknown()),
  /** The card is for players with at least one purchase (a player without one sees it with a "buy first" note). */
  needDeposits: z.boolean(),
  /** The operator's "how it works" text in the visitor's language; null: the web's default text of the type. */
  howWorks: z.string().nullable(),
  link: ZPromotionLink,
  /** From when the player can act (the feature's next availability); null or past: now ("Ready"). */
  availableAtMs: z.number().int().nullable(),
  /** When the promotion ends, if it does. */
  finishesAtMs: z.number().int().nullable(),
});
export type Promotion = z.infer<typeof ZPromotion>;

/** `page=home`: the home page's cards (the signed-in lobby loads them after the page, docs/page-serving.md "Session 11"). */
export const ZPromotionsPageQuery = z.strictObject({ locale: z.enum(['en', 'es']).optional(), page: z.enum(['promo', 'home']).optional() });

/** Why a signed-in player sees no cards at all: promotions pause during a self-exclusion or a cool-off. */
export const ZPromotionsPaused = z.enum(['selfExcluded', 'coolingOff']).nullable();

/** GET /rest/page/promotions/: cards the player can act on now, then those available soon. */
export const ZPromotionsPageResponse = z.object({
  success: z.literal(true),
  payload: z.object({
    promotions: z.array(ZPromotion),
    available_soon: z.array(ZPromotion),
    paused: ZPromotionsPaused,
  }),
});
export type PromotionsPage = z.infer<typeof ZPromotionsPageResponse>['payload'];
