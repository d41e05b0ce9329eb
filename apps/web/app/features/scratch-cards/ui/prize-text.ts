import type { PrizeView } from '@sweepstack/contracts/rewards/prize';
import type { TFunction } from 'i18next';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';

/** A card's prize in words ("2,000 GC + 0.25 FC"). */
export function cardPrizeText(prize: { coins: number | null; entries: number | null }, t: TFunction, locale: string): string {
  const gc = prize.coins ?? 0;
  const fc = prize.entries ?? 0;
  if (gc > 0 && fc > 0) return t('scratchCards.prize.both', { gc: formatGoldCoins(gc, locale), fc: formatFortuneCoins(fc, locale) });
  if (gc > 0) return t('scratchCards.prize.gc', { amount: formatGoldCoins(gc, locale) });
  if (fc > 0) return t('scratchCards.prize.fc', { amount: formatFortuneCoins(fc, locale) });
  return t('scratchCards.prize.nothing');
}

/** A published table's prize in words. */
export function tablePrizeText(prize: PrizeView, t: TFunction, locale: string): string {
  switch (prize.kind) {
    case 'gold_coins':
      return cardPrizeText({ coins: prize.amount, entries: null }, t, locale);
    case 'fortune_coins':
      return cardPrizeText({ coins: null, entries: prize.amountCents / 100 }, t, locale);
    case 'coins':
      return cardPrizeText({ coins: prize.amount, entries: prize.amountCents / 100 }, t, locale);
    default:
      return t('scratchCards.prize.nothing');
  }
}
