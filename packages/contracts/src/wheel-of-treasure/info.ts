import { z } from 'zod';
import { ZPrizeTableOdds } from '../rewards/prize';
import { ZWheelPlayerStatus } from './status';

/**
 * The wheels a player can spin, each with its published odds (every segment's chance in %), shown on
 * "how it works" before anything is bought. `extra` is the extended wheel of this theme: with the
 * lootbox segment in themes with the lootboxes flag, and then `lootbox` is the box's own table.
 */
export const ZWheelTables = z.object({
  daily: ZPrizeTableOdds,
  booster: ZPrizeTableOdds.nullable(),
  extra: ZPrizeTableOdds.nullable(),
  lootbox: ZPrizeTableOdds.nullable(),
});
export type WheelTables = z.infer<typeof ZWheelTables>;

/** An extra-wheel package on sale: what it costs and how many extra spins it carries. */
export const ZExtraWheelOffer = z.object({
  id: z.string(),
  spins: z.number().int().positive(),
  coins: z.number().int(),
  entries: z.number(),
  price: z.number(),
  priceCents: z.number().int(),
});
export type ExtraWheelOffer = z.infer<typeof ZExtraWheelOffer>;

/** GET /rest/wheel-of-treasure/info/: the feature, its odds and (signed in) where the player stands. Guests too. */
export const ZWheelInfoResponse = z.object({
  success: z.literal(true),
  data: z.object({
    isActive: z.boolean(),
    /** When the feature ends (spec §3 finishedAt); null: no end. */
    finishedAt: z.number().int().nullable(),
    /** The operator's time zone (IANA): the free spin turns over at its midnight. */
    timeZone: z.string(),
    /** Game rounds played in an operator day that earn the booster (0: off). */
    boosterRounds: z.number().int().min(0),
    /** The theme has the lootboxes flag: the extended wheel carries a treasure chest. */
    lootboxes: z.boolean(),
    tables: ZWheelTables,
    offers: z.array(ZExtraWheelOffer),
    /** Null for a guest. */
    player: ZWheelPlayerStatus.nullable(),
  }),
});
export type WheelInfo = z.infer<typeof ZWheelInfoResponse>['data'];
