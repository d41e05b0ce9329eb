import { z } from 'zod';
import { ZBonusGame, ZMessageId } from './bonus-view';

/** POST /rest/free-entries-bonuses/credit-bonus/ (spec §7): body `bonusId`, `message_id`; the web reads `success`. */
export const ZCreditBonusRequest = z.object({ bonusId: z.union([z.number().int(), z.string().regex(/^\d{1,10}$/)]), message_id: ZMessageId });

/** What was credited: Fortune Coins (unplayed, docs/wallet-ledger.md) or a free-spin grant on its game. */
export const ZCreditBonusResponse = z.object({
  success: z.literal(true),
  data: z.object({
    messageId: z.number().int(),
    bonusType: z.enum(['freeSpins', 'freeEntries']),
    bonusAmount: z.number().nullable(),
    freeSpinsCount: z.number().int().nullable(),
    /** The rewards engine's grant (`GET /rest/free-spins/` `spinsId`). */
    spinsId: z.number().int().nullable(),
    game: ZBonusGame.nullable(),
  }),
});
export type CreditBonusResponse = z.infer<typeof ZCreditBonusResponse>;
