import { currentLadder } from '@sweepstack/db/daily-login/repository';
import { dailyLoginEconomyModel } from '@sweepstack/domain/daily-login/economy-model';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { defineEconomy } from '../../platform/define-economy';

/** The daily login ladder's cost (docs/features/daily-login.md): one claim a day per player who comes. */
export default defineEconomy<'claim-chance'>({
  feature: 'daily-login',
  options: { 'claim-chance': { default: 0.9, min: 0, max: 1, help: 'chance that a player who comes claims the day prize' } },
  async models({ db, budgetOf, option, freeSpinStake }) {
    const ladder = await currentLadder(db);
    if (!ladder?.active) return [];
    return [dailyLoginEconomyModel({ levels: ladder.levels, rules: ladder.rules, budget: await budgetOf('daily-login'), claimChance: option('claim-chance'), freeSpinStake }) as EconomyFeatureModel];
  },
});
