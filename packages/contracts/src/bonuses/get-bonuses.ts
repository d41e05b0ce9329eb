import { z } from 'zod';
import { ZBonusView } from './bonus-view';

/** GET /rest/bonus-offer/get-bonuses/: the signed-in player's bonuses that can be claimed now, soonest end first. */
export const ZGetBonusesResponse = z.object({ success: z.literal(true), data: z.object({ bonuses: z.array(ZBonusView) }) });
export type GetBonusesResponse = z.infer<typeof ZGetBonusesResponse>;
