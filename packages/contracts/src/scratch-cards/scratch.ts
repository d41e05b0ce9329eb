import { z } from 'zod';
import { ZPrize } from '../rewards/prize';
import { ZScratchCard, ZScratchCardDraw } from './get';

/** POST /rest/scratch-card-lottery/scratch/: reveal a card and credit its prize. */
export const ZScratchRequest = z.strictObject({
  cardId: z.number().int().positive().max(2 ** 31 - 1),
  /** One scratch per key: a retry with the same key answers the first scratch and pays nothing again. */
  requestKey: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{7,99}$/, '8 to 100 letters, digits, _ . : -'),
});
export type ScratchRequest = z.infer<typeof ZScratchRequest>;

export const ZScratchResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** True when this answers an earlier request with the same key. */
    replayed: z.boolean(),
    card: ZScratchCard,
    /** What was paid (drawn when the card was issued). */
    prize: ZPrize,
    draw: ZScratchCardDraw,
  }),
});
export type ScratchAnswer = z.infer<typeof ZScratchResponse>['data'];
