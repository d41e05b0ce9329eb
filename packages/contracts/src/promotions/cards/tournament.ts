import { z } from 'zod';

/** A `tournament` card (the tournaments feature): the next tournament the player can join or is in. */
export const ZTournamentPromotionData = z.object({
  /** The run's id (spec §3 historyId). */
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['announced', 'open', 'running']),
  startAtMs: z.number().int(),
  endAtMs: z.number().int(),
  teamBased: z.boolean(),
  /** The player has joined it. */
  joined: z.boolean(),
});
export type TournamentPromotionData = z.infer<typeof ZTournamentPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    tournament: TournamentPromotionData;
  }
}
