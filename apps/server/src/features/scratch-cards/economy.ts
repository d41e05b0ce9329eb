import { currentPrizeTable } from '@sweepstack/db/rewards/repository';
import { SCRATCH_CARD_TABLE, scratchCardSettings } from '@sweepstack/db/scratch-cards/repository';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { scratchCardsEconomyModel } from '@sweepstack/domain/scratch-cards/economy-model';
import { defineEconomy } from '../../platform/define-economy';

/** Scratch cards: the free card of the day and cards earned by purchases, each one draw from the card's table. */
export default defineEconomy<'scratch-free-chance' | 'scratch-purchase-chance'>({
  feature: 'scratch-cards',
  options: {
    'scratch-free-chance': { default: 0.8, min: 0, max: 1, help: 'chance that a player who comes takes the free scratch card' },
    'scratch-purchase-chance': { default: 0.04, min: 0, max: 1, help: 'chance that a player makes a purchase over the scratch-card threshold that day' },
  },
  async models({ db, budgetOf, option, freeSpinStake }) {
    const table = await currentPrizeTable(db, SCRATCH_CARD_TABLE);
    if (!table) return [];
    const settings = await scratchCardSettings(db);
    // Switched off by an operator: no model, like every feature that is not running.
    if (!settings.active) return [];
    return [
      scratchCardsEconomyModel({
        table,
        budget: await budgetOf('scratch-cards'),
        freeDaily: settings.freeDaily,
        purchases: settings.purchaseThresholdCents !== null,
        freeChance: option('scratch-free-chance'),
        purchaseChance: option('scratch-purchase-chance'),
        freeSpinStake,
      }) as EconomyFeatureModel,
    ];
  },
});
