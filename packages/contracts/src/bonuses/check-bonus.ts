import { z } from 'zod';
import { ZBonusView, ZMessageId } from './bonus-view';

/** POST /rest/free-entries-bonuses/check-bonus/ (spec §7): body `message_id`. */
export const ZCheckBonusRequest = z.object({ message_id: ZMessageId });

/** The bonus, when it is the player's, pending and not expired (otherwise a BONUS_* error). */
export const ZCheckBonusResponse = z.object({ success: z.literal(true), data: ZBonusView });
export type CheckBonusResponse = z.infer<typeof ZCheckBonusResponse>;
