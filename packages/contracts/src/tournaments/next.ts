import { z } from 'zod';
import { ZTournament } from './tournament';

/** Spec §9: tournament page size 4, offset 0. */
export const TOURNAMENT_PAGE_SIZE = 4;

/** GET /rest/next-tournaments/ and /rest/tournaments/history/: limit (1–50, default 4), offset, teamMode (only team tournaments, or only solo ones). */
export const ZTournamentListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(TOURNAMENT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  teamMode: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
  /** The language of the titles (default en). */
  locale: z.enum(['en', 'es']).optional(),
});
export type TournamentListQuery = z.infer<typeof ZTournamentListQuery>;

/** The running and upcoming tournaments (next-tournaments), or the finished ones newest first (history). */
export const ZTournamentListResponse = z.object({
  success: z.literal(true),
  data: z.object({ tournaments: z.array(ZTournament), total: z.number().int().nonnegative(), limit: z.number().int(), offset: z.number().int() }),
});
