import { z } from 'zod';
import { ZPrizeTableOdds } from '../rewards/prize';
import { ZBingoStatus } from './status';

/** The player's card of this period: its cells, the balls drawn, lines done, and its fairness commitment. */
export const ZBingoCard = z.object({
  period: z.number().int(),
  /** 25 cells row by row (B I N G O columns); 0 is the free centre. */
  numbers: z.array(z.number().int().min(0).max(75)).length(25),
  /** The balls drawn so far, in order. */
  drawnBalls: z.array(z.number().int().min(1).max(75)),
  marked: z.array(z.boolean()).length(25),
  /** Indexes of completed lines (0–4 rows, 5–9 columns, 10–11 diagonals). */
  lines: z.array(z.number().int().min(0).max(11)),
  fullCard: z.boolean(),
  /** No ball is left to draw, or every cell is marked: the next card comes with the next period. */
  finished: z.boolean(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Revealed once the card is finished or its period ended. */
  serverSeed: z.string().nullable(),
});
export type BingoCard = z.infer<typeof ZBingoCard>;

/** GET /rest/bingo/bingo-game-data/ (signed in): the status, the card (dealt on first look) and the published prize odds. */
export const ZBingoGameDataResponse = z.object({
  success: z.literal(true),
  data: z.object({ status: ZBingoStatus, card: ZBingoCard, tables: z.object({ line: ZPrizeTableOdds, full: ZPrizeTableOdds }) }),
});
export type BingoGameData = z.infer<typeof ZBingoGameDataResponse>['data'];
