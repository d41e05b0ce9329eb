import { z } from 'zod';
import { ZDrawFairness, ZPrize } from '../rewards/prize';
import { ZWheelPlayerStatus } from './status';

/** POST /rest/wheel-of-treasure/spin/: spend today's free spin (`daily`) or one extra spin (`extra`). */
export const ZWheelSpinRequest = z.strictObject({
  kind: z.enum(['daily', 'extra']),
  /** One spin per key: a retry with the same key answers the first spin and moves nothing again. */
  requestKey: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{7,99}$/, '8 to 100 letters, digits, _ . : -'),
});
export type WheelSpinRequest = z.infer<typeof ZWheelSpinRequest>;

/** One draw of the spin, with what /fairness needs to recompute it. */
export const ZWheelDraw = ZDrawFairness.extend({
  /** The prize table (slug and version) the draw used. */
  table: z.string(),
  tableVersion: z.number().int(),
  /** The segment's prize as published, before the booster. */
  segmentPrize: ZPrize,
});
export type WheelDraw = z.infer<typeof ZWheelDraw>;

export const ZWheelSpinResponse = z.object({
  success: z.literal(true),
  data: z.object({
    kind: z.enum(['daily', 'extra']),
    /** True when this answers an earlier request with the same key. */
    replayed: z.boolean(),
    /** The booster wheel's draw (a daily spin with the booster earned): its multiplier boosts `draw`. */
    booster: ZWheelDraw.nullable(),
    boosterFactor: z.number().int().min(1),
    /** The wheel's draw: the pointer rests on `draw.segmentIndex`. */
    draw: ZWheelDraw,
    /** The treasure chest's own draw when `draw` landed on the lootbox segment. */
    lootbox: ZWheelDraw.nullable(),
    /** The daily budget was spent: the table's fallback prize was paid instead. */
    fellBack: z.boolean(),
    /** What was paid (after the booster, the fallback, or the chest). */
    prize: ZPrize,
    status: ZWheelPlayerStatus,
  }),
});
export type WheelSpinAnswer = z.infer<typeof ZWheelSpinResponse>['data'];
