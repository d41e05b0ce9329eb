import type { PrizeView } from '@sweepstack/contracts/rewards/prize';
import type { TFunction } from 'i18next';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';

/** A prize in words ("2,500 GC + 0.20 FC", "×3", "Treasure chest"), for the odds tables and results. */
export function prizeText(prize: PrizeView, t: TFunction, locale: string): string {
  switch (prize.kind) {
    case 'gold_coins':
      return t('wheelOfTreasure.prize.gc', { amount: formatGoldCoins(prize.amount, locale) });
    case 'fortune_coins':
      return t('wheelOfTreasure.prize.fc', { amount: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'coins':
      return t('wheelOfTreasure.prize.both', { gc: formatGoldCoins(prize.amount, locale), fc: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'free_spins':
      return t('wheelOfTreasure.prize.freeSpins', { count: prize.count });
    case 'multiplier':
      return t('wheelOfTreasure.prize.multiplier', { factor: prize.factor });
    case 'lootbox':
      return t('wheelOfTreasure.prize.lootbox');
    case 'nothing':
      return t('wheelOfTreasure.prize.nothing');
  }
}

/** A short label that fits on a segment ("2.5K", "×3", "🎁"). */
export function segmentLabel(prize: PrizeView, locale: string): { main: string; extra: string | null } {
  const compact = (n: number) => new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
  switch (prize.kind) {
    case 'gold_coins':
      return { main: compact(prize.amount), extra: null };
    case 'fortune_coins':
      return { main: `${formatFortuneCoins(prize.amountCents / 100, locale)}`, extra: 'FC' };
    case 'coins':
      return { main: compact(prize.amount), extra: `+${formatFortuneCoins(prize.amountCents / 100, locale)} FC` };
    case 'free_spins':
      return { main: `${prize.count}`, extra: 'FS' };
    case 'multiplier':
      return { main: `×${prize.factor}`, extra: null };
    case 'lootbox':
      return { main: '🎁', extra: null };
    case 'nothing':
      return { main: '–', extra: null };
  }
}
