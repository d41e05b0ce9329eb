import type { PrizeView } from '@sweepstack/contracts/rewards/prize';
import type { TFunction } from 'i18next';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';

/** A level prize in words ("2,500 GC", "0.50 FC", "10 free spins"). */
export function seasonPrizeText(prize: PrizeView, t: TFunction, locale: string): string {
  switch (prize.kind) {
    case 'gold_coins':
      return t('seasons.prize.gc', { amount: formatGoldCoins(prize.amount, locale) });
    case 'fortune_coins':
      return t('seasons.prize.fc', { amount: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'coins':
      return t('seasons.prize.both', { gc: formatGoldCoins(prize.amount, locale), fc: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'free_spins':
      return t('seasons.prize.freeSpins', { count: prize.count });
    default:
      return t('seasons.prize.nothing');
  }
}
