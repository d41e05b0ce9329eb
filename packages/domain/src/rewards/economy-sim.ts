import type { DailyBudget, PrizeCost } from './budget';

/**
 * The economy simulation behind `npm run economy:sim` (docs/rewards.md): a population of players
 * over many days, each feature's prizes drawn from its real tables by a seeded generator, and per
 * feature and currency the cost per active player per day (mean and 99th percentile) and each
 * day's total against the feature's daily budget.
 */

/** A seeded uniform source: int in [0, n) and a float in [0, 1). */
export interface SimRandom {
  int(maxExclusive: number): number;
  float(): number;
}

/** sfc32 seeded from one integer: the same run for the same seed (the simulation's source, and its models' tests'). */
export function seededSimRandom(seed: number): SimRandom {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const word = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i += 1) word();
  return {
    float: () => word() / 4_294_967_296,
    int(n) {
      const limit = 4_294_967_296 - (4_294_967_296 % n);
      for (;;) {
        const w = word();
        if (w < limit) return w % n;
      }
    },
  };
}

/** How simulated players behave (stated in the output so the figures can be judged). */
export interface BehaviourModel {
  /** Players in the population (the operator's daily active players at most). */
  players: number;
  days: number;
  /** Chance that a player comes on a given day. */
  dailyActiveChance: number;
}

/** One feature as the simulation sees it: what one player earns on a day they come. */
export interface EconomyFeatureModel<State = unknown> {
  feature: string;
  budget: DailyBudget;
  /** A line that states the behaviour assumed for this feature. */
  behaviour: string;
  initialState(): State;
  /** The prizes' cost of a player's day; `active` false: the player did not come (state may still move). */
  playerDay(state: State, active: boolean, day: number, random: SimRandom): { state: State; cost: PrizeCost };
}

export interface CurrencyFigures {
  /** Mean cost per active player per day. */
  meanPerActivePlayerDay: number;
  /** 99th percentile of an active player's day. */
  p99PerActivePlayerDay: number;
  /** Mean and largest daily total over the population. */
  meanDailyTotal: number;
  maxDailyTotal: number;
  budget: number | null;
  /** True when some simulated day's total went past the budget (fallback prizes would be paid). */
  exceeded: boolean;
}

export interface FeatureFigures {
  feature: string;
  behaviour: string;
  gc: CurrencyFigures;
  fcCents: CurrencyFigures;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
  return sorted[Math.max(0, rank)]!;
}

function figures(perPlayerDay: number[], dailyTotals: number[], budget: number | null): CurrencyFigures {
  const sorted = Float64Array.from(perPlayerDay).sort();
  const sum = perPlayerDay.reduce((a, b) => a + b, 0);
  const maxDailyTotal = dailyTotals.reduce((a, b) => Math.max(a, b), 0);
  return {
    meanPerActivePlayerDay: perPlayerDay.length === 0 ? 0 : sum / perPlayerDay.length,
    p99PerActivePlayerDay: percentile(sorted, 0.99),
    meanDailyTotal: dailyTotals.length === 0 ? 0 : dailyTotals.reduce((a, b) => a + b, 0) / dailyTotals.length,
    maxDailyTotal,
    budget,
    exceeded: budget !== null && maxDailyTotal > budget,
  };
}

/** Runs the simulation; deterministic for a given random source. */
export function simulateEconomy(models: readonly EconomyFeatureModel[], behaviour: BehaviourModel, random: SimRandom): FeatureFigures[] {
  const states = models.map((model) => Array.from({ length: behaviour.players }, () => model.initialState()));
  const perPlayerDay = models.map(() => ({ gc: [] as number[], fc: [] as number[] }));
  const dailyTotals = models.map(() => ({ gc: [] as number[], fc: [] as number[] }));
  for (let day = 0; day < behaviour.days; day += 1) {
    const totals = models.map(() => ({ gc: 0, fc: 0 }));
    for (let player = 0; player < behaviour.players; player += 1) {
      const active = random.float() < behaviour.dailyActiveChance;
      models.forEach((model, m) => {
        const { state, cost } = model.playerDay(states[m]![player], active, day, random);
        states[m]![player] = state;
        totals[m]!.gc += cost.gc;
        totals[m]!.fc += cost.fcCents;
        if (active) {
          perPlayerDay[m]!.gc.push(cost.gc);
          perPlayerDay[m]!.fc.push(cost.fcCents);
        }
      });
    }
    totals.forEach((total, m) => {
      dailyTotals[m]!.gc.push(total.gc);
      dailyTotals[m]!.fc.push(total.fc);
    });
  }
  return models.map((model, m) => ({
    feature: model.feature,
    behaviour: model.behaviour,
    gc: figures(perPlayerDay[m]!.gc, dailyTotals[m]!.gc, model.budget.gc),
    fcCents: figures(perPlayerDay[m]!.fc, dailyTotals[m]!.fc, model.budget.fcCents),
  }));
}
