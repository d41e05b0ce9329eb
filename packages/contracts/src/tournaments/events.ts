import { z } from 'zod';
import { defineEvent } from '../events';

const ZRun = z.object({ tournamentId: z.number().int().positive(), historyId: z.number().int().positive() });

/** A run began (carries the `start` push to every socket). */
export const TournamentStarted = defineEvent('tournaments.started', ZRun);
/** A run ended, was voided or extended (carries the `stop` push to every socket). */
export const TournamentStopped = defineEvent('tournaments.stopped', ZRun.extend({ reason: z.enum(['finished', 'voided', 'extended']) }));
/** A player's standing changed (carries `bet` and `positions` pushes). */
export const TournamentStandingChanged = defineEvent('tournaments.standing-changed', ZRun);
/** A second of a run's play is over: its players' `positions` pushes are due (at most one a second per run). */
export const TournamentPositionsDue = defineEvent('tournaments.positions-due', ZRun.extend({ fromMs: z.number().int(), toMs: z.number().int() }));
/** A winner was paid (carries the `playerWin` push). */
export const TournamentPrizePaid = defineEvent('tournaments.prize-paid', ZRun.extend({ place: z.number().int().positive() }));

declare module '../events' {
  interface EventCatalogue {
    'tournaments.started': typeof TournamentStarted;
    'tournaments.stopped': typeof TournamentStopped;
    'tournaments.standing-changed': typeof TournamentStandingChanged;
    'tournaments.prize-paid': typeof TournamentPrizePaid;
    'tournaments.positions-due': typeof TournamentPositionsDue;
  }
}
