import { z } from 'zod';
import { ZRankLeague } from '../app/app-init';
import { ZPrize } from '../rewards/prize';

/**
 * A section's name in each language: operator data (the English `title` and its Spanish, the English
 * when none was given). Answers that know the page's language (`?locale=`) put that one in `title`;
 * app init and pushes, which serve every page of a player, carry both.
 */
export const ZSectionTitles = z.object({ en: z.string(), es: z.string() });

/** `?locale=` of the league's reads (as the tournaments' reads): the language of `title`; English by default. */
export const ZLeagueLocaleQuery = z.strictObject({ locale: z.enum(['en', 'es']).optional() });

/** One section of the ladder with its benefits, as the /vip page shows it. */
export const ZLeagueSection = z.object({
  /** 1-based. */
  index: z.number().int().min(1),
  slug: z.string(),
  /** The name in the answer's language (`?locale=`; English in app init). */
  title: z.string(),
  titles: ZSectionTitles,
  levels: z.array(z.object({ level: z.number().int().min(1), neededExperience: z.number().int().min(1) })),
  /** Paid once the first time a player reaches the section (null for the first). */
  reward: ZPrize.nullable(),
  /** Weekly cashback: percent of the counted loss. */
  cashbackPercent: z.number().min(0),
  /** Experience to earn in a week to keep the section (0: kept for good). */
  keepExperience: z.number().int().min(0),
  /** Paid beside each daily wheel-of-treasure spin while in the section. */
  dailyWheelPrize: ZPrize.nullable(),
});
export type LeagueSectionView = z.infer<typeof ZLeagueSection>;

/**
 * GET /rest/rank-league/info/: the published rules (experience per coin wagered in each currency,
 * the house edge the cashback counts, every section with its benefits), the week, and (signed in)
 * where the player stands: app init's `rankLeague` plus the week's experience.
 */
export const ZRankLeagueInfo = z.object({
  enabled: z.boolean(),
  experiencePerCoin: z.object({ GC: z.number().min(0), FC: z.number().min(0) }),
  houseEdgePercent: z.number().min(0),
  cashbackClaimDays: z.number().int().min(1),
  sections: z.array(ZLeagueSection),
  period: z.object({ key: z.string(), startsAt: z.string(), endsAt: z.string() }),
  /** Rules saved to apply from the next period (ISO start), or null. */
  upcomingFrom: z.string().nullable(),
  player: ZRankLeague.extend({ level: z.number().int().min(1), experience: z.number().min(0), periodExperience: z.number().min(0) }).nullable(),
});
export type RankLeagueInfo = z.infer<typeof ZRankLeagueInfo>;

export const ZRankLeagueInfoResponse = z.object({ success: z.literal(true), data: ZRankLeagueInfo });
