import { z } from 'zod';

/** Spec §3: prizeLvl 1 bronze, 2 silver, 3 gold. */
export const ZPrizeLevel = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** One prize won, as the board shows it (spec §3 event: playerName, prizeValue, prizeLevel). */
export const ZPrizeDropWinner = z.object({
  playerName: z.string(),
  prizeValue: z.number().int(),
  prizeLevel: ZPrizeLevel,
  /** When it was won (ms since the epoch). */
  wonAt: z.number().int(),
});
export type PrizeDropWinner = z.infer<typeof ZPrizeDropWinner>;

/** GET /rest/prize-drops/info/ (spec §3 "Prize drops"; guests too). Amounts are Gold Coins. */
export const ZPrizeDropsInfoResponse = z.object({
  success: z.literal(true),
  data: z.object({
    isActive: z.boolean(),
    general: z.object({
      dailyPrizePool: z.number().int(),
      highestPrizePerDay: z.number().int(),
      prizeCountPerDay: z.number().int(),
      minimalLevelPlay: z.number().int(),
      /** When today's pool ends (ms since the epoch): the operator day's end. */
      finishedAt: z.number().int(),
      /** When the next day's pool starts (ms). */
      nextPrizePoolStartedAt: z.number().int(),
    }),
    /** Per tier, gold first: prizes not yet won today, and (`available`) how many of them are released and waiting now. */
    prizes: z.array(z.object({ prizeLeft: z.number().int().min(0), prizeValue: z.number().int(), prizeLvl: ZPrizeLevel, available: z.number().int().min(0) })),
    lastWinners: z.array(ZPrizeDropWinner),
    /** Seconds until the next hourly block releases prizes (0: none left to release today). */
    nextPrizeWillAccrueIn: z.number().int().min(0),
    /** The server's clock (the countdown's anchor). */
    serverTimeMs: z.number().int(),
    /** The smallest stake of a spin that enters a draw, and the draw's divisor (chance = stake × available ÷ divisor). */
    minimumStake: z.number().int(),
    chanceDivisor: z.number().int(),
    /** Commit-reveal: today's seed hash (published before its draws), yesterday's seed (revealed). */
    fairness: z.object({ day: z.string(), serverSeedHash: z.string().nullable(), previousDay: z.string(), previousServerSeed: z.string().nullable() }),
    /** Null for a guest. */
    player: z
      .object({
        level: z.number().int(),
        /** The player's spins enter draws now (level reached, or no league running). */
        qualifies: z.boolean(),
        wins: z.array(ZPrizeDropWinner),
      })
      .nullable(),
  }),
});
export type PrizeDropsInfo = z.infer<typeof ZPrizeDropsInfoResponse>['data'];
