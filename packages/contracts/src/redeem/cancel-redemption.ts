import { z } from 'zod';
import { ZRedemptionView } from './redemption';

/** POST /rest/cash/redeem/:id/cancel/: cancels one of my pending redemptions (the coins return). */
export const ZCancelRedemptionParams = z.strictObject({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
export const ZCancelRedemptionRequest = z.strictObject({}).optional();

export const ZCancelRedemptionResponse = z.object({ success: z.literal(true), data: ZRedemptionView });
export type CancelRedemptionResponse = z.infer<typeof ZCancelRedemptionResponse>;
