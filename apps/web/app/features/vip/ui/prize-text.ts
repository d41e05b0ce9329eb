import type { PrizeView } from '@sweepstack/contracts/rewards/prize';
import type { TFunction } from 'i18next';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';

/** A league prize in words ("5,000 GC", "20,000 GC + 2.00 FC", "10 free spins"). */
export function prizeText(prize: PrizeView | null | undefined, t: TFunction, locale: string): string {
  if (!prize) return t('vip.prize.none');
  switch (prize.kind) {
    case 'gold_coins':
      return t('vip.prize.gc', { amount: formatGoldCoins(prize.amount, locale) });
    case 'fortune_coins':
      return t('vip.prize.fc', { amount: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'coins':
      return t('vip.prize.both', { gc: formatGoldCoins(prize.amount, locale), fc: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'free_spins':
      return t('vip.prize.freeSpins', { count: prize.count });
    default:
      return t('vip.prize.none');
  }
}

/** Coins as the cashback answers them (GC whole, FC with two decimals). */
export function coinsText(prize: { coins: number; entries: number }, t: TFunction, locale: string): string {
  if (prize.entries === 0) return t('vip.prize.gc', { amount: formatGoldCoins(prize.coins, locale) });
  if (prize.coins === 0) return t('vip.prize.fc', { amount: formatFortuneCoins(prize.entries, locale) });
  return t('vip.prize.both', { gc: formatGoldCoins(prize.coins, locale), fc: formatFortuneCoins(prize.entries, locale) });
}

/**
 * A section's name in the page's language. Names are operator data (docs/features/rank-league.md):
 * each section comes with `titles` in English and Spanish (the English one where the operator gave no
 * Spanish), so a renamed or added section reads as the operator wrote it; `title` is the fallback.
 */
export function sectionName(section: { title?: string; titles?: unknown } | null | undefined, language: string): string {
  const titles = section?.titles as Partial<Record<string, unknown>> | undefined;
  const localized = titles?.[language.startsWith('es') ? 'es' : 'en'];
  if (typeof localized === 'string' && localized) return localized;
  return section?.title || '—';
}
