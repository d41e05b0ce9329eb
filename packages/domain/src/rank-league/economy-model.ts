import type { DailyBudget, FreeSpinStake, PrizeCost } from '../rewards/budget';
import { prizeCost } from '../rewards/budget';
import { addCost, ZERO_COST } from '../rewards/economy-models';
import type { EconomyFeatureModel, SimRandom } from '../rewards/economy-sim';
import { cashbackOf } from './cashback';
import { demotedExperience, experienceMilliOf, progressOf, sectionsEntered, type LeagueRules } from './rules';

interface PlayerLeague {
  experienceMilli: number;
  level: number;
  section: number;
  /** Day the player entered the section (kept for the week it was reached in). */
  sectionSinceDay: number;
  paidSections: Set<number>;
  week: { gcWagered: number; gcWon: number; fcWagered: number; fcWon: number; experienceMilli: number };
}

const NEW_WEEK = () => ({ gcWagered: 0, gcWon: 0, fcWagered: 0, fcWon: 0, experienceMilli: 0 });

/**
 * The VIP rank league in the economy simulation: an active player wagers `gcWager` Gold Coins and
 * `fcWager` Fortune Coin cents a day and wins back that times a return drawn uniformly from
 * `rtp ± spread`; experience follows the published rates, each section entered pays its reward once,
 * a daily wheel spin (probability `wheelChance`) pays the section's daily wheel prize, and every
 * seventh day closes the week: the cashback of the counted loss at the section's rate is paid
 * (claimed or credited at the window's end: it is owed either way) and the demotion rule applies.
 */
export function rankLeagueEconomyModel(options: {
  rules: LeagueRules;
  budget: DailyBudget;
  gcWager: number;
  fcWager: number;
  rtp: number;
  spread: number;
  wheelChance: number;
  freeSpinStake: FreeSpinStake;
}): EconomyFeatureModel<PlayerLeague> {
  const { rules } = options;
  const won = (wagered: number, random: SimRandom) => Math.max(0, Math.round(wagered * (options.rtp + (random.float() * 2 - 1) * options.spread)));
  return {
    feature: 'rank-league',
    budget: options.budget,
    behaviour: `an active player wagers ${options.gcWager} GC and ${options.fcWager / 100} FC a day at a return of ${options.rtp} ± ${options.spread}, spins the daily wheel with probability ${options.wheelChance}; weeks close every 7 days`,
    initialState: () => ({ experienceMilli: 0, level: 1, section: 1, sectionSinceDay: 0, paidSections: new Set(), week: NEW_WEEK() }),
    playerDay(state, active, day, random) {
      let cost: PrizeCost = ZERO_COST;
      if (active) {
        const gcWon = won(options.gcWager, random);
        const fcWon = won(options.fcWager, random);
        const gained = experienceMilliOf(rules, 'GC', options.gcWager) + experienceMilliOf(rules, 'FC', options.fcWager);
        state.week = { gcWagered: state.week.gcWagered + options.gcWager, gcWon: state.week.gcWon + gcWon, fcWagered: state.week.fcWagered + options.fcWager, fcWon: state.week.fcWon + fcWon, experienceMilli: state.week.experienceMilli + gained };
        state.experienceMilli += gained;
        const progress = progressOf(rules, Math.floor(state.experienceMilli / 1000), state.level);
        for (const index of sectionsEntered(state.section, progress.section)) {
          const reward = rules.sections[index - 1]!.reward;
          if (reward && !state.paidSections.has(index)) cost = addCost(cost, prizeCost(reward, options.freeSpinStake));
          state.paidSections.add(index);
        }
        if (progress.section !== state.section) state.sectionSinceDay = day;
        state.level = progress.level;
        state.section = progress.section;
        const wheelPrize = rules.sections[state.section - 1]!.dailyWheelPrize;
        if (wheelPrize && random.float() < options.wheelChance) cost = addCost(cost, prizeCost(wheelPrize, options.freeSpinStake));
      }
      if (day % 7 === 6) {
        const section = rules.sections[state.section - 1]!;
        cost = addCost(cost, {
          gc: cashbackOf({ wagered: state.week.gcWagered, won: state.week.gcWon }, rules.houseEdgeBp, section.cashbackBp),
          fcCents: cashbackOf({ wagered: state.week.fcWagered, won: state.week.fcWon }, rules.houseEdgeBp, section.cashbackBp),
        });
        const weekStart = day - 6;
        if (state.section > 1 && section.keepExperience > 0 && state.sectionSinceDay < weekStart && Math.floor(state.week.experienceMilli / 1000) < section.keepExperience) {
          const target = demotedExperience(rules, state.section);
          state.experienceMilli = Math.min(state.experienceMilli, target.experience * 1000);
          state.level = target.level;
          state.section -= 1;
          state.sectionSinceDay = day + 1;
        }
        state.week = NEW_WEEK();
      }
      return { state, cost };
    },
  };
}
