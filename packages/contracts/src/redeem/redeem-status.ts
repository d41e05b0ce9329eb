import { z } from 'zod';
import { ZRedemptionView } from './redemption';

/**
 * GET /rest/cash/redeem/: whether the player may redeem now (and the refusal codes when not), the
 * redeemable winnings (FC hundredths), the unplayed Fortune Coins and the play-through that unlocks
 * them, each method's minimum, and the player's redemptions.
 */
export const ZRedeemStatusResponse = z.object({
  success: z.literal(true),
  data: z.object({
    available: z.boolean(),
    refusals: z.array(z.string()),
    redeemable: z.number(),
    /**
     * Fortune Coins (hundredths) from purchases, gifts, bonuses and prizes not played yet: they become
     * redeemable only as winnings, after being played `playthrough` times (docs/wallet-ledger.md).
     */
    unplayed: z.number(),
    playthrough: z.number(),
    minimums: z.object({ bank: z.number(), gift_card: z.number() }),
    usdPerFc: z.literal(1),
    pending: z.array(ZRedemptionView),
    history: z.array(ZRedemptionView),
  }),
});
export type RedeemStatusResponse = z.infer<typeof ZRedeemStatusResponse>;
