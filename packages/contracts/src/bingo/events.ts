import { z } from 'zod';
import { defineEvent } from '../events';

/** Play moved a player's bingo progress (it carries the `bingo` push). */
export const BingoProgressed = defineEvent('bingo.progressed', z.object({ ballsEarned: z.number().int().min(0) }));

/** A round of bingo was played and its rewards paid. */
export const BingoRoundPlayed = defineEvent('bingo.round-played', z.object({ period: z.number().int(), balls: z.array(z.number().int()), lines: z.array(z.number().int()), fullCard: z.boolean() }));

declare module '../events' {
  interface EventCatalogue {
    'bingo.progressed': typeof BingoProgressed;
    'bingo.round-played': typeof BingoRoundPlayed;
  }
}
