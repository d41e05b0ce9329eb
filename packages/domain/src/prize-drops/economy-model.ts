import type { EconomyFeatureModel } from '../rewards/economy-sim';
import { drawDrop, releasedThrough, type PrizeDropRules, type PrizeLevel } from './drop-rules';

/**
 * Prize drops in the economy simulation: one shared pool per simulated day (the day's tiers), 24
 * hourly blocks released as the server releases them. An active player plays `spinsPerDay`
 * qualifying spins of `stake` GC, spread over `hoursPlayed` random hours; each spin is the server's
 * draw (chance stake × waiting ÷ divisor), at most one prize per player per hour. Players of a day
 * take their turns one after another (the server's interleaving is not modelled); the pool caps the
 * day's total exactly as the guarded updates do. Its budget is the pool.
 */
export function prizeDropsEconomyModel(options: { rules: PrizeDropRules; stake: number; spinsPerDay: number; hoursPlayed: number }): EconomyFeatureModel<null> {
  const { rules } = options;
  const blocks = 24;
  const pool = rules.tiers.reduce((sum, t) => sum + t.value * t.count, 0);
  let currentDay = -1;
  const awarded = new Map<PrizeLevel, number>();
  const valueOf = new Map<PrizeLevel, number>(rules.tiers.map((t) => [t.level, t.value]));
  return {
    feature: 'prize-drops',
    budget: { gc: pool, fcCents: 0 },
    behaviour: `an active player plays ${options.spinsPerDay} qualifying spins of ${options.stake} GC over ${options.hoursPlayed} hours; chance per spin min(1, stake × waiting ÷ ${rules.chanceDivisor}); one prize per player per hour; a shared pool of ${pool} GC a day`,
    initialState: () => null,
    playerDay(state, active, day, random) {
      if (day !== currentDay) {
        currentDay = day;
        awarded.clear();
      }
      if (!active || !rules.active) return { state, cost: { gc: 0, fcCents: 0 } };
      const hours = new Set<number>();
      while (hours.size < Math.min(blocks, options.hoursPlayed)) hours.add(random.int(blocks));
      const perHour = Math.max(1, Math.round(options.spinsPerDay / hours.size));
      let gc = 0;
      for (const hour of [...hours].sort((a, b) => a - b)) {
        for (let spin = 0; spin < perHour; spin++) {
          const available = new Map<PrizeLevel, number>(rules.tiers.map((t) => [t.level, releasedThrough(t.count, hour, blocks) - (awarded.get(t.level) ?? 0)]));
          const draw = drawDrop(random, { stake: options.stake, available, chanceDivisor: rules.chanceDivisor });
          if (!draw.won || draw.level === null) continue;
          awarded.set(draw.level, (awarded.get(draw.level) ?? 0) + 1);
          gc += valueOf.get(draw.level) ?? 0;
          break;
        }
      }
      return { state, cost: { gc, fcCents: 0 } };
    },
  };
}
