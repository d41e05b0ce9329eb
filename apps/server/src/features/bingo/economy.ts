import { hasCapability } from '@sweepstack/contracts/themes';
import { BINGO_TABLES, bingoSettings } from '@sweepstack/db/bingo/repository';
import { currentPrizeTable } from '@sweepstack/db/rewards/repository';
import { bingoEconomyModel } from '@sweepstack/domain/bingo/economy-model';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { defineEconomy } from '../../platform/define-economy';

/** Bingo's line and full-card prizes (docs/features/bingo.md); none in themes without the bingo store. */
export default defineEconomy<'bingo-stake'>({
  feature: 'bingo',
  options: { 'bingo-stake': { default: 20_000, min: 0, max: 100_000_000, help: 'GC an active player stakes in paid rounds a day (balls for bingo)' } },
  async models({ db, theme, budgetOf, option, freeSpinStake }) {
    const rules = await bingoSettings(db);
    const [line, full] = await Promise.all([currentPrizeTable(db, BINGO_TABLES.line), currentPrizeTable(db, BINGO_TABLES.full)]);
    if (!rules.active || !hasCapability(theme, 'bingoStore') || !line || !full) return [];
    return [bingoEconomyModel({ rules, line, full, budget: await budgetOf('bingo'), stakePerDay: option('bingo-stake'), freeSpinStake }) as EconomyFeatureModel];
  },
});
