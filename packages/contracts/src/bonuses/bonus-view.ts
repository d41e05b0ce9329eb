import { z } from 'zod';

/**
 * A pending bonus as the player sees it: spec §3 "Free-entries bonus check response"
 * (`playerBonusInfo`, `bonusInfo`) and the message id it came in. Fields of the other bonus type are
 * null. Amounts: Fortune Coins with two decimals, a free spin's bet in the spins' currency.
 */
/** A bonus's game; `titleEs`: its title in Spanish (operator data, null: the title in every language). */
export const ZBonusGame = z.object({ id: z.number().int(), slug: z.string(), title: z.string(), titleEs: z.string().nullable().optional(), image: z.string() });

export const ZBonusView = z.object({
  messageId: z.number().int(),
  playerBonusInfo: z.object({
    /** The campaign (the bonus); the credit call sends it back with the message id. */
    bonusId: z.number().int(),
    /** The last moment it can be claimed (ISO 8601). */
    bonusLifetimeEnd: z.string(),
  }),
  bonusInfo: z.object({
    bonusType: z.enum(['freeSpins', 'freeEntries']),
    /** freeSpins: the game the spins play (one); freeEntries: empty. */
    games: z.array(ZBonusGame),
    freeSpinsCount: z.number().int().nullable(),
    freeSpinsBetLevel: z.number().int().nullable(),
    /** freeEntries: the Fortune Coins it gives. */
    bonusAmount: z.number().nullable(),
    /** freeSpins: the bet each spin plays and in which coins; how long the spins last once credited. */
    freeSpinsBet: z.number().nullable(),
    freeSpinsCurrency: z.enum(['GC', 'FC']).nullable(),
    freeSpinsLifetimeHours: z.number().int().nullable(),
  }),
});
export type BonusView = z.infer<typeof ZBonusView>;

/** A pending bonus id: digits only (spec §5), as a number or a string. */
export const ZMessageId = z.union([z.number().int(), z.string().max(32)]);
