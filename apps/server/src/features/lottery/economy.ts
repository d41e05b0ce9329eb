import { readLotterySettings } from '@sweepstack/db/lottery/repository';
import { lotteryEconomyModel, type LotteryDrawEconomy } from '@sweepstack/domain/lottery/economy-model';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { defineEconomy } from '../../platform/define-economy';

/** The weekly and monthly promo lottery's prizes (docs/features/lottery.md), from the operator's settings. */
export default defineEconomy<'lottery-tickets' | 'lottery-field'>({
  feature: 'lottery',
  options: {
    'lottery-tickets': { default: 5, min: 0, max: 10_000, help: 'tickets an active player earns a day in each open draw (Fortune Coin play, purchases, free entries)' },
    'lottery-field': { default: 25_000, min: 0, max: 100_000_000, help: 'tickets everyone else earns a day in a draw (for one draw\'s totals: players × --active × --lottery-tickets; the default fits the default population)' },
  },
  async models({ db, budgetOf, option }) {
    const settings = await readLotterySettings(db);
    const draws: LotteryDrawEconomy[] = [];
    if (settings.weekly.enabled && settings.weekly.prizes.length > 0) draws.push({ type: 'weekly', periodDays: 7, prizes: settings.weekly.prizes });
    if (settings.monthly.enabled && settings.monthly.prizes.length > 0) draws.push({ type: 'monthly', periodDays: 30, prizes: settings.monthly.prizes });
    if (draws.length === 0) return [];
    return [lotteryEconomyModel({ draws, budget: await budgetOf('lottery'), ticketsPerDay: option('lottery-tickets'), otherTicketsPerDay: option('lottery-field'), maxTicketsPerPlayer: settings.rates.maxTicketsPerPlayer }) as EconomyFeatureModel];
  },
});
