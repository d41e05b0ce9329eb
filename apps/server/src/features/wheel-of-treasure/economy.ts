import { hasCapability } from '@sweepstack/contracts/themes';
import { currentPrizeTable, currentPrizeTables } from '@sweepstack/db/rewards/repository';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import type { PrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { wheelEconomyModel } from '@sweepstack/domain/wheel-of-treasure/economy-model';
import { defineEconomy } from '../../platform/define-economy';

/** The wheel of treasure's tables: daily, booster, extra and any lootbox (docs/features/wheel-of-treasure.md). */
export default defineEconomy<'spin-chance' | 'booster-chance' | 'extra-chance'>({
  feature: 'wheel-of-treasure',
  options: {
    'spin-chance': { default: 0.9, min: 0, max: 1, help: 'chance that a player who comes spins the daily wheel' },
    'booster-chance': { default: 0.3, min: 0, max: 1, help: 'chance that a player earned the booster wheel that day' },
    'extra-chance': { default: 0.05, min: 0, max: 1, help: 'chance that a player bought an extra wheel that day' },
  },
  async models({ db, theme, budgetOf, option, freeSpinStake }) {
    const daily = await currentPrizeTable(db, 'wheel-of-treasure-daily');
    if (!daily) return [];
    const tables = new Map<string, PrizeTable>((await currentPrizeTables(db, 'wheel-of-treasure')).map((t) => [t.slug, t]));
    return [
      wheelEconomyModel({
        daily,
        booster: tables.get('wheel-of-treasure-booster'),
        // The extended wheel this deployment draws: with the treasure chest in lootbox themes (spec §5).
        extra: tables.get(hasCapability(theme, 'lootboxes') ? 'wheel-of-treasure-extra-lootbox' : 'wheel-of-treasure-extra'),
        tables,
        budget: await budgetOf('wheel-of-treasure'),
        spinChance: option('spin-chance'),
        boosterChance: option('booster-chance'),
        extraChance: option('extra-chance'),
        freeSpinStake,
      }) as EconomyFeatureModel,
    ];
  },
});
