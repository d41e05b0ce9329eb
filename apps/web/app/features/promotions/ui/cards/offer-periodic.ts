import { ZOfferPeriodicPromotionData, type OfferPeriodicPromotionData } from '@sweepstack/contracts/promotions/cards/offer-periodic';
import { formatFortuneCoins, formatGoldCoins } from '../../../../lib/format';
import { formatUsd } from '../../../cash/limits';
import type { CardDefinition } from '../card-definition';

/** A promo offer that comes back by day (promo offers): its coins, price, and when it is on sale. */
const card: CardDefinition<OfferPeriodicPromotionData> = {
  schema: ZOfferPeriodicPromotionData,
  // The badge label is the operator's text, written once in English (the preset has no per-language
  // field): other languages get the translated title instead of English on their page.
  title: (data, t, locale) => (data.badgeLabel && locale.startsWith('en') ? data.badgeLabel : t('promotions.cards.offerPeriodic.title')),
  lines: (data, t, locale) => [
    t('promotions.cards.offerPeriodic.coins', { coins: formatGoldCoins(data.coins, locale), entries: formatFortuneCoins(data.entries, locale) }),
    data.usualPriceCents > data.priceCents ? t('promotions.cards.offerPeriodic.priceWas', { price: formatUsd(data.priceCents, locale), usual: formatUsd(data.usualPriceCents, locale) }) : formatUsd(data.priceCents, locale),
    data.boughtOut ? t('promotions.cards.offerPeriodic.boughtOut') : data.dayOfWeek !== null ? t(`promotions.cards.offerPeriodic.day.${data.dayOfWeek}`) : t('promotions.cards.offerPeriodic.perDay', { count: data.limitPerDay ?? 1 }),
  ],
  action: (_data, t) => t('promotions.cards.offerPeriodic.action'),
};
export default card;
