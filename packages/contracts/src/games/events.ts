import { z } from 'zod';
import { defineEvent } from '../events';

/** What a round's events tell handlers (docs/games/play-api.md). Amounts in the currency's smallest unit. */
export const ZRoundPayload = z.object({
  roundId: z.number().int().positive(),
  gameId: z.number().int().positive(),
  currency: z.enum(['GC', 'FC']),
  bet: z.number().int().nonnegative(),
  stake: z.number().int().nonnegative(),
  win: z.number().int().nonnegative(),
  step: z.string(),
  bought: z.boolean(),
  jackpotWin: z.number().int().nonnegative(),
});

/** Every round played (it carries the player's balance push). */
export const GameRoundPlayed = defineEvent('game.round-played', ZRoundPayload);
/** A round that won something (as well as its `game.round-played`). */
export const GameRoundWon = defineEvent('game.round-won', ZRoundPayload);
/** A round that won a Grand jackpot. */
export const GameJackpotWon = defineEvent('game.jackpot-won', ZRoundPayload);
/** A progressive pool's value changed (it carries the `jackpot` push to every socket). */
export const GameJackpotChanged = defineEvent('game.jackpot-changed', z.object({}));

declare module '../events' {
  interface EventCatalogue {
    'game.round-played': typeof GameRoundPlayed;
    'game.round-won': typeof GameRoundWon;
    'game.jackpot-won': typeof GameJackpotWon;
    'game.jackpot-changed': typeof GameJackpotChanged;
  }
}
