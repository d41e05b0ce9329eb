import type { DailyBudget } from '../rewards/budget';
import type { EconomyFeatureModel } from '../rewards/economy-sim';

export interface TournamentScheduleEconomy {
  slug: string;
  /** Runs a day (a cron schedule's occurrences averaged over a week; a one-off counts on its day only). */
  runsPerDay: number;
  /** Prizes by place: Gold Coins and Fortune Coin cents. */
  prizes: readonly { gc: number; fcCents: number }[];
  /** Team tournaments pay a place's prize to each counted member of the team. */
  payeesPerPlace: number;
}

/**
 * Tournaments in the economy simulation: a player who comes joins each of the day's runs with
 * probability `joinChance` and finishes at a place drawn uniformly among `field` participants (the
 * stated field size: the simulation follows one player at a time). A place with a prize pays it, as
 * the pay job does (team places pay each of their counted members).
 */
export function tournamentEconomyModel(options: { schedules: readonly TournamentScheduleEconomy[]; budget: DailyBudget; joinChance: number; field: number }): EconomyFeatureModel<null> {
  const { schedules, joinChance } = options;
  const field = Math.max(1, Math.round(options.field));
  return {
    feature: 'tournaments',
    budget: options.budget,
    behaviour: `an active player joins each run with probability ${joinChance} and places uniformly among ${field} participants; ${schedules.map((s) => `${s.slug} ${s.runsPerDay.toFixed(2)} runs/day, ${s.prizes.length} places${s.payeesPerPlace > 1 ? ` × ${s.payeesPerPlace} members` : ''}`).join('; ')}`,
    initialState: () => null,
    playerDay(state, active, _day, random) {
      const cost = { gc: 0, fcCents: 0 };
      if (!active) return { state, cost };
      for (const schedule of schedules) {
        // Whole runs, plus one more with the fractional part's chance.
        const runs = Math.floor(schedule.runsPerDay) + (random.float() < schedule.runsPerDay % 1 ? 1 : 0);
        for (let run = 0; run < runs; run++) {
          if (random.float() >= joinChance) continue;
          // A team place is shared by its counted members: a member's chance of a paid place grows with them.
          const place = Math.floor(random.int(field * 1000) / 1000 / schedule.payeesPerPlace);
          const prize = schedule.prizes[place];
          if (!prize) continue;
          cost.gc += prize.gc;
          cost.fcCents += prize.fcCents;
        }
      }
      return { state, cost };
    },
  };
}
