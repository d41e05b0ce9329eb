import { z } from 'zod';
import { definePush } from '../realtime/push';
import { ZTournamentPlayerData, ZTournamentPrize, ZTournamentWinner } from './tournament';

const ZRef = { id: z.number().int().positive(), historyId: z.number().int().positive() };
/**
 * The title in each language (a socket serves every tab of a player, each page in its own language):
 * the page shows `titles[its locale]`; `title` is the English one (the spec's field).
 */
const ZTitles = { title: z.string(), titles: z.object({ en: z.string(), es: z.string() }) };

/**
 * Spec §4 tournament push: `start` and `stop` go to every socket (a run began; a run ended, was voided
 * or extended: `reason`), `positions` and `bet` to the player who played (the leaders and their own
 * place after their qualifying spins), `playerWin` to a winner when the prize is paid. Pushes that
 * name the tournament carry its title in English and Spanish.
 */
export const ZTournamentPush = definePush(
  'tournament',
  z.discriminatedUnion('action', [
    z.object({ type: z.literal('tournament'), action: z.literal('start'), data: z.object({ ...ZRef, ...ZTitles, start: z.number().int(), end: z.number().int() }) }),
    z.object({ type: z.literal('tournament'), action: z.literal('stop'), data: z.object({ ...ZRef, ...ZTitles, end: z.number().int(), reason: z.enum(['finished', 'voided', 'extended']) }) }),
    z.object({ type: z.literal('tournament'), action: z.literal('positions'), data: z.object({ ...ZRef, winners: z.array(ZTournamentWinner), playerData: ZTournamentPlayerData }) }),
    z.object({ type: z.literal('tournament'), action: z.literal('bet'), data: z.object({ ...ZRef, roundsPlayed: z.number().int(), points: z.number().int(), spinPoints: z.number().int() }) }),
    z.object({ type: z.literal('tournament'), action: z.literal('playerWin'), data: z.object({ ...ZRef, ...ZTitles, place: z.number().int().positive(), points: z.number().int(), prize: ZTournamentPrize }) }),
  ]),
);

declare module '../realtime/push' {
  interface PushSchemas {
    tournament: typeof ZTournamentPush;
  }
}
