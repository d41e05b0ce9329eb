import { z } from 'zod';
import { defineEvent } from '../events';

/** A player's league experience or level changed (it carries the `rankLeague` progressData push). */
export const RankLeagueProgressed = defineEvent('rank-league.progressed', z.object({ level: z.number().int().min(1), section: z.number().int().min(1), experience: z.number().min(0) }));

/** A level-up entered a new section; its reward was paid (it carries the `sectionUp` push). */
export const RankLeagueSectionUp = defineEvent('rank-league.section-up', z.object({ section: z.number().int().min(2), slug: z.string() }));

/** A period's end dropped the player one section (it carries the progressData push). */
export const RankLeagueDemoted = defineEvent('rank-league.demoted', z.object({ periodKey: z.string(), fromSection: z.number().int().min(2), toSection: z.number().int().min(1) }));

/** A period's cashback was calculated for the player (it carries the `cashback calculated` push). */
export const RankLeagueCashbackCalculated = defineEvent('rank-league.cashback-calculated', z.object({ periodKey: z.string(), goldCoins: z.number().int().min(0), fortuneCents: z.number().int().min(0) }));

/** A cashback was paid: claimed by the player, or credited at the end of its window (`expired`). */
export const RankLeagueCashbackSettled = defineEvent('rank-league.cashback-settled', z.object({ periodKey: z.string(), how: z.enum(['claimed', 'expired']), goldCoins: z.number().int().min(0), fortuneCents: z.number().int().min(0) }));

/** The section's daily wheel prize was paid beside a daily wheel-of-treasure spin. */
export const RankLeagueDailyWheelPrizePaid = defineEvent('rank-league.daily-wheel-prize', z.object({ drawId: z.number().int().positive(), section: z.number().int().min(1) }));

declare module '../events' {
  interface EventCatalogue {
    'rank-league.progressed': typeof RankLeagueProgressed;
    'rank-league.section-up': typeof RankLeagueSectionUp;
    'rank-league.demoted': typeof RankLeagueDemoted;
    'rank-league.cashback-calculated': typeof RankLeagueCashbackCalculated;
    'rank-league.cashback-settled': typeof RankLeagueCashbackSettled;
    'rank-league.daily-wheel-prize': typeof RankLeagueDailyWheelPrizePaid;
  }
}
