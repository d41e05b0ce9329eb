import { leagueEnabled, leagueVersionAt } from '@sweepstack/db/rank-league/repository';
import { rankLeagueEconomyModel } from '@sweepstack/domain/rank-league/economy-model';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { defineEconomy } from '../../platform/define-economy';

/** The rank league's cost (docs/features/rank-league.md): section rewards, daily wheel prizes, weekly cashback. */
export default defineEconomy<'vip-gc-wager' | 'vip-fc-wager' | 'vip-rtp' | 'vip-spread' | 'vip-wheel-chance'>({
  feature: 'rank-league',
  options: {
    'vip-gc-wager': { default: 20_000, min: 0, max: 100_000_000, help: 'Gold Coins an active player wagers a day' },
    'vip-fc-wager': { default: 500, min: 0, max: 10_000_000, help: 'Fortune Coin hundredths an active player wagers a day' },
    'vip-rtp': { default: 0.96, min: 0, max: 2, help: "mean share of a day's wager won back" },
    'vip-spread': { default: 0.5, min: 0, max: 2, help: "a day's return is drawn uniformly within rtp ± spread" },
    'vip-wheel-chance': { default: 0.9, min: 0, max: 1, help: 'chance that a player who comes spins the daily wheel (the section adds its prize)' },
  },
  async models({ db, budgetOf, option, freeSpinStake }) {
    // The latest saved rules (those waiting for the next week if any), run from the simulation's first day.
    const version = await leagueVersionAt(db, Number.MAX_SAFE_INTEGER);
    if (!version || !(await leagueEnabled(db))) return [];
    return [
      rankLeagueEconomyModel({
        rules: version.rules,
        budget: await budgetOf('rank-league'),
        gcWager: option('vip-gc-wager'),
        fcWager: option('vip-fc-wager'),
        rtp: option('vip-rtp'),
        spread: option('vip-spread'),
        wheelChance: option('vip-wheel-chance'),
        freeSpinStake,
      }) as EconomyFeatureModel,
    ];
  },
});
