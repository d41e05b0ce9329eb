import { z } from 'zod';
import { ZPrize } from '../rewards/prize';

/** PUT /api/operator/rank-league/rules/: the whole rules; saved as a version applying from the next period's start. */
export const ZLeagueRulesBody = z.strictObject({
  experienceMilliPerCoin: z.strictObject({ GC: z.number().int().min(0).max(1_000_000), FC: z.number().int().min(0).max(1_000_000) }),
  houseEdgeBp: z.number().int().min(0).max(5000),
  cashbackClaimDays: z.number().int().min(1).max(30),
  sections: z
    .array(
      z.strictObject({
        slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
        title: z.string().min(1).max(40),
        /** The name in Spanish (the /es pages); null or left out: the English title is shown. */
        titleEs: z.string().min(1).max(40).nullable().optional(),
        levels: z.array(z.number().int().min(1).max(1_000_000_000)).min(1).max(50),
        reward: ZPrize.nullable(),
        cashbackBp: z.number().int().min(0).max(5000),
        keepExperience: z.number().int().min(0).max(1_000_000_000),
        dailyWheelPrize: ZPrize.nullable(),
      }),
    )
    .min(1)
    .max(20),
});

/** PUT /api/operator/rank-league/status/: switch the league on or off (at once). */
export const ZLeagueStatusBody = z.strictObject({ enabled: z.boolean() });
