import { z } from 'zod';
import { definePush } from '../realtime/push';
import { ZTournamentPlayerData, ZTournamentPrize, ZTournamentWinner } from './tournament';

const ZRef = { id: z.number().int().positive(), historyId: z.number().int().positive() };

/**
 * Spec §4 tournament push: `start` and `stop` go to every socket (a run began; a run ended, was voided
 * or extended: `reason`), `positions` and `bet` to the player who played (the leaders and their own
 * place after their qualifying spins), `playerWin` to a winner when the prize is paid.
 */
export const ZTournamentPush = definePush(
  'tournament',
  z.discriminatedUnion('action', [
    z.object({ type: z.literal('tournament'), action: z.literal('start'), data: z.object({ ...ZRef, title: z.string(), start: z.number().int(), end: z.number().int() }) }),
    z.object({ type: z.literal('tournament'), action: z.literal('stop'), data: z.object({ ...ZRef, title: z.string(), end: z.number().int(), reason: z.enum(['finished', 'voided', 'extended']) }) }),
    z.object({ type: z.literal('tournament'), action: z.literal('positions'), data: z.object({ ...ZRef, winners: z.array(ZTournamentWinner), playerData: ZTournamentPlayerData }) }),
    z.object({ type: z.literal('tournament'), action: z.literal('bet'), data: z.object({ ...ZRef, roundsPlayed: z.number().int(), points: z.number().int(), spinPoints: z.number().int() }) }),
    z.object({ type: z.literal('tournament'), action: z.literal('playerWin'), data: z.object({ ...ZRef, title: z.string(), place: z.number().int().positive(), points: z.number().int(), prize: ZTournamentPrize }) }),
  ]),
);

declare module '../realtime/push' {
  interface PushSchemas {
    tournament: typeof ZTournamentPush;
  }
}
