import { z } from 'zod';

/** Spec §3 "Bingo": where a player stands (balls to play, the card's end, progress to the next ball). */
export const ZBingoStatus = z.object({
  isActive: z.boolean(),
  /** Balls earned and not played yet. */
  availablePoint: z.number().int().min(0),
  /** When this period's card ends (ms since the epoch). */
  bingoEndDate: z.number().int(),
  /** Percent of the way to the next ball (0–99). */
  nextBallProgress: z.number().int().min(0).max(99),
  /** Spec §9: a round takes 10 balls; the progress popup shows from 1. */
  ballsToPlay: z.number().int(),
  canPlay: z.boolean(),
  showProgress: z.boolean(),
});
export type BingoStatus = z.infer<typeof ZBingoStatus>;

/** GET /rest/bingo/check-player-status/ (signed in). */
export const ZBingoStatusResponse = z.object({ success: z.literal(true), data: ZBingoStatus });
