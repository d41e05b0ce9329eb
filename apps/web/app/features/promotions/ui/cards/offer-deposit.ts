import { ZOfferDepositPromotionData, type OfferDepositPromotionData } from '@sweepstack/contracts/promotions/cards/offer-deposit';
import { formatFortuneCoins, formatGoldCoins } from '../../../../lib/format';
import { formatUsd } from '../../../cash/limits';
import type { CardDefinition } from '../card-definition';

/** The welcome pack card (promo offers): the step the player can buy now, its coins and price. */
const card: CardDefinition<OfferDepositPromotionData> = {
  schema: ZOfferDepositPromotionData,
  title: (data) => data.title,
  lines: (data, t, locale) => [
    t('promotions.cards.offerDeposit.coins', { coins: formatGoldCoins(data.coins, locale), entries: formatFortuneCoins(data.entries, locale) }),
    data.usualPriceCents > data.priceCents ? t('promotions.cards.offerDeposit.priceWas', { price: formatUsd(data.priceCents, locale), usual: formatUsd(data.usualPriceCents, locale) }) : formatUsd(data.priceCents, locale),
    t('promotions.cards.offerDeposit.step', { step: data.step, steps: data.steps }),
  ],
  action: (_data, t) => t('promotions.cards.offerDeposit.action'),
};
export default card;
