import { z } from 'zod';
import { ZTournament } from './tournament';

/** GET /rest/tournament/?gameId: the tournament running now (on that game, when given), else null. */
export const ZCurrentTournamentQuery = z.strictObject({
  gameId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The language of the title (default en). */
  locale: z.enum(['en', 'es']).optional(),
});
export const ZCurrentTournamentResponse = z.object({ success: z.literal(true), data: ZTournament.nullable() });
