import { prizeCost, type DailyBudget, type FreeSpinStake, type PrizeCost } from '../rewards/budget';
import { addCost, ZERO_COST } from '../rewards/economy-models';
import type { EconomyFeatureModel, SimRandom } from '../rewards/economy-sim';
import { levelOf, owedPrizes, seasonPoints, type SeasonLevel, type SeasonRates, type SeasonTotals } from './season-progress';

interface SeasonSimState extends SeasonTotals {
  premium: boolean;
  /** Prizes paid so far, as `<level>:<track>`. */
  paid: ReadonlySet<string>;
}

/** An exponential draw with this mean (how much one player plays on a day varies a lot). */
function exponential(mean: number, random: SimRandom): number {
  return mean <= 0 ? 0 : Math.floor(-mean * Math.log(1 - random.float()));
}

/**
 * A season in the economy simulation: simulated day d is the season's day d (days past its length
 * earn nothing). On a day they come, a player wagers an exponentially distributed amount of Gold
 * Coins and of Fortune Coins (means given), buys a package with probability `purchaseChance`, and a
 * player without the pass buys it with probability `passChance` (it counts as a purchase too). The
 * points, levels and prizes owed are the server's rules (season-progress.ts); each prize is paid once,
 * the premium ones of passed levels at the unlock.
 */
export function seasonEconomyModel(options: {
  slug: string;
  days: number;
  rates: SeasonRates;
  levels: readonly SeasonLevel[];
  hasPremium: boolean;
  passPriceCents: number;
  budget: DailyBudget;
  freeSpinStake: FreeSpinStake;
  wagerGc: number;
  wagerFcCents: number;
  purchaseChance: number;
  purchaseCents: number;
  passChance: number;
  note: string;
}): EconomyFeatureModel<SeasonSimState> {
  const pass = options.hasPremium ? `; a player without the pass buys it ($${(options.passPriceCents / 100).toFixed(2)}) with probability ${options.passChance} a day` : '';
  return {
    feature: 'seasons',
    budget: options.budget,
    behaviour: `season ${options.slug} (${options.days} days${options.note}): an active player wagers on average ${options.wagerGc} GC and ${(options.wagerFcCents / 100).toFixed(2)} FC a day, buys a $${(options.purchaseCents / 100).toFixed(2)} package with probability ${options.purchaseChance}${pass}`,
    initialState: () => ({ wageredGc: 0, wageredFcCents: 0, purchasedCents: 0, premium: false, paid: new Set<string>() }),
    playerDay(state, active, day, random) {
      if (!active || day >= options.days) return { state, cost: ZERO_COST };
      const next: SeasonSimState = {
        ...state,
        wageredGc: state.wageredGc + exponential(options.wagerGc, random),
        wageredFcCents: state.wageredFcCents + exponential(options.wagerFcCents, random),
      };
      if (random.float() < options.purchaseChance) next.purchasedCents += options.purchaseCents;
      if (options.hasPremium && !state.premium && random.float() < options.passChance) {
        next.premium = true;
        next.purchasedCents += options.passPriceCents;
      }
      const level = levelOf(seasonPoints(next, options.rates), options.levels);
      const paid = new Set(state.paid);
      let cost: PrizeCost = ZERO_COST;
      for (const owed of owedPrizes(options.levels, level, next.premium)) {
        const key = `${owed.level}:${owed.track}`;
        if (paid.has(key)) continue;
        paid.add(key);
        cost = addCost(cost, prizeCost(owed.prize, options.freeSpinStake));
      }
      return { state: { ...next, paid }, cost };
    },
  };
}
