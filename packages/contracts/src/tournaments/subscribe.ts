import { z } from 'zod';

/** GET /rest/tournaments/{id}/subscribe/: `id` is the tournament (its open run is joined). */
export const ZSubscribeParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** `teamId`: the team the player was put in (team tournaments: the smallest team), else null. */
export const ZSubscribeResponse = z.object({ success: z.literal(true), teamId: z.number().int().positive().nullable(), historyId: z.number().int().positive() });
