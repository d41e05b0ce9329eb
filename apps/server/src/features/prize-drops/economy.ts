import { prizeDropSettings } from '@sweepstack/db/prize-drops/repository';
import { prizeDropsEconomyModel } from '@sweepstack/domain/prize-drops/economy-model';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { defineEconomy } from '../../platform/define-economy';

/** Prize drops' shared daily pool (docs/features/prize-drops.md). */
export default defineEconomy<'drops-stake' | 'drops-spins' | 'drops-hours'>({
  feature: 'prize-drops',
  options: {
    'drops-stake': { default: 100, min: 1, max: 1_000_000, help: 'GC staked by each qualifying spin' },
    'drops-spins': { default: 200, min: 0, max: 100_000, help: 'qualifying spins an active player plays a day' },
    'drops-hours': { default: 3, min: 1, max: 24, help: 'hours of the day an active player plays in' },
  },
  async models({ db, option }) {
    const rules = await prizeDropSettings(db);
    if (!rules.active) return [];
    return [prizeDropsEconomyModel({ rules, stake: option('drops-stake'), spinsPerDay: option('drops-spins'), hoursPlayed: option('drops-hours') }) as EconomyFeatureModel];
  },
});
