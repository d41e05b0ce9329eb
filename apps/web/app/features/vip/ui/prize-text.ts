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
 * A section's name in the page's language: the product's five sections have theirs in the dictionary
 * (`vip.sections.<slug>`); a section an operator adds under another slug shows its content title.
 */
export function sectionName(section: { slug?: string; title?: string } | null | undefined, t: TFunction): string {
  if (!section?.title) return '—';
  return section.slug ? t(`vip.sections.${section.slug}`, { defaultValue: section.title }) : section.title;
}
