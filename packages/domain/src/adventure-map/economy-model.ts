import type { DailyBudget } from '../rewards/budget';
import { addCost, ZERO_COST } from '../rewards/economy-models';
import type { EconomyFeatureModel } from '../rewards/economy-sim';
import type { MapSectionRule } from './map-rules';

/**
 * The adventure map in the economy simulation: on a day they come, a player plays `roundsPerDay`
 * rounds and completes `tasksPerDay` quest tasks (map points at the map's rates), then moves the token
 * onto every stop reached (each award paid once). The map runs `days` days.
 */
export function adventureMapEconomyModel(options: { slug: string; sections: readonly MapSectionRule[]; pointsPerRound: number; pointsPerTask: number; days: number; roundsPerDay: number; tasksPerDay: number; budget: DailyBudget }): EconomyFeatureModel<{ points: number; current: number }> {
  return {
    feature: 'adventure-map',
    budget: options.budget,
    behaviour: `map ${options.slug} (${options.sections.length} stops, ${options.pointsPerRound} point a round, ${options.pointsPerTask} a task): an active player plays ${options.roundsPerDay} rounds and completes ${options.tasksPerDay} tasks a day and claims every stop reached`,
    initialState: () => ({ points: 0, current: 0 }),
    playerDay(state, active, day) {
      if (!active || day >= options.days) return { state, cost: ZERO_COST };
      const points = state.points + options.roundsPerDay * options.pointsPerRound + options.tasksPerDay * options.pointsPerTask;
      let current = state.current;
      let cost = ZERO_COST;
      while (options.sections[current + 1] && points >= options.sections[current + 1]!.pointsNeeded) {
        current += 1;
        cost = addCost(cost, options.sections[current]!.award);
      }
      return { state: { points, current }, cost };
    },
  };
}
