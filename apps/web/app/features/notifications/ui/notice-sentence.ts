import type { RewardNoticeView } from '@sweepstack/contracts/rewards/prize';
import type { TFunction } from 'i18next';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { localTitle } from '../../games/names';

/** `daily-login` → `dailyLogin`: the key of a feature's name in `notifications.feature`. */
const featureKey = (feature: string) => feature.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The feature's name in the page's language; one the strings do not name is "a promotion". */
export function noticeFeatureName(feature: string, t: TFunction): string {
  return t(`notifications.feature.${featureKey(feature)}`, { defaultValue: t('notifications.feature.other') });
}

/**
 * One notice as a sentence in the page's language (docs/rewards.md, "Notification centre"): which
 * feature, what prize (GC and FC amounts, free spins with the game's title and count), and what
 * happened: credited when the feature ended, free spins granted or expired, Fortune Coins withheld
 * because the player's state has no Fortune Coin play.
 */
export function noticeSentence(notice: Pick<RewardNoticeView, 'kind' | 'feature' | 'prize' | 'game'>, t: TFunction, locale: string): string {
  const feature = noticeFeatureName(notice.feature, t);
  const { prize } = notice;
  const gc = 'amount' in prize ? formatGoldCoins(prize.amount, locale) : '';
  const fc = 'amountCents' in prize ? formatFortuneCoins(prize.amountCents / 100, locale) : '';
  if (prize.kind === 'free_spins') {
    const spins = { feature, count: prize.count, game: notice.game ? localTitle(notice.game, locale) : t('notifications.aGame') };
    if (notice.kind === 'free_spins_expired') return t('notifications.sentence.freeSpinsExpired', spins);
    if (notice.kind === 'prize_withheld') return t('notifications.sentence.freeSpinsWithheld', spins);
    return t('notifications.sentence.freeSpinsGranted', spins);
  }
  if (notice.kind === 'prize_withheld') {
    const withheld = t('notifications.sentence.withheld', { feature, fc });
    return prize.kind === 'coins' ? `${withheld} ${t('notifications.sentence.goldCoinsPaid', { gc })}` : withheld;
  }
  const amount = prize.kind === 'coins' ? t('notifications.prize.both', { gc, fc }) : prize.kind === 'gold_coins' ? t('notifications.prize.gc', { amount: gc }) : prize.kind === 'fortune_coins' ? t('notifications.prize.fc', { amount: fc }) : t('notifications.prize.other');
  return t('notifications.sentence.credited', { feature, prize: amount });
}

/** When the notice was written, in the page's language ("Dec 7, 2026, 3:12 AM"). */
export function noticeDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
