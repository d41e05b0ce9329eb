import { z } from 'zod';

/** The highest purchase limit a player can set: $1,000,000 (USD cents). */
export const PURCHASE_LIMIT_MAX_CENTS = 100_000_000;

export const ZPurchaseLimitPeriod = z.enum(['daily', 'weekly', 'monthly']);
export type PurchaseLimitPeriod = z.infer<typeof ZPurchaseLimitPeriod>;

/** One period's limit as it stands: USD cents (null: no limit), what is used and left, and a raise that waits its 24 h. */
export const ZPurchaseLimit = z.object({
  limitCents: z.number().int().nullable(),
  usedCents: z.number().int(),
  remainingCents: z.number().int().nullable(),
  pending: z.object({ limitCents: z.number().int().nullable(), effectiveAtMs: z.number().int() }).nullable(),
});
export type PurchaseLimit = z.infer<typeof ZPurchaseLimit>;

/** GET /rest/player/purchase-limits/ */
export const ZPurchaseLimitsQuery = z.strictObject({});

/** GET /rest/player/purchase-limits/: my limits per period. */
export const ZPurchaseLimitsResponse = z.object({ success: z.literal(true), data: z.record(ZPurchaseLimitPeriod, ZPurchaseLimit) });
export type PurchaseLimitsResponse = z.infer<typeof ZPurchaseLimitsResponse>;

const ZLimitValue = z.number().int().min(0).max(PURCHASE_LIMIT_MAX_CENTS).nullable().optional();

/**
 * POST /rest/player/purchase-limits/: a period left out is unchanged, null removes its limit. A lower
 * limit applies at once, a higher one (or none) after 24 h.
 */
export const ZChangePurchaseLimitsRequest = z
  .strictObject({ daily: ZLimitValue, weekly: ZLimitValue, monthly: ZLimitValue })
  .refine((b) => b.daily !== undefined || b.weekly !== undefined || b.monthly !== undefined, 'Give at least one of daily, weekly, monthly');
export type ChangePurchaseLimitsRequest = z.infer<typeof ZChangePurchaseLimitsRequest>;

export const ZChangePurchaseLimitsResponse = z.object({ success: z.literal(true) });
export type ChangePurchaseLimitsResponse = z.infer<typeof ZChangePurchaseLimitsResponse>;
