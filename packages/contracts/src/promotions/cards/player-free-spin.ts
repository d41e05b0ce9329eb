import { z } from 'zod';

/** A `playerFreeSpin` card (the rewards engine): free spins waiting for the player, soonest to expire first. */
export const ZPlayerFreeSpinPromotionData = z.object({
  /** Spins left over every active grant. */
  spins: z.number().int().min(1),
  /** The game of the grant that expires first (the card opens it). */
  game: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), img: z.string() }),
  currency: z.enum(['GC', 'FC']),
  expiresAtMs: z.number().int(),
});
export type PlayerFreeSpinPromotionData = z.infer<typeof ZPlayerFreeSpinPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    playerFreeSpin: PlayerFreeSpinPromotionData;
  }
}
