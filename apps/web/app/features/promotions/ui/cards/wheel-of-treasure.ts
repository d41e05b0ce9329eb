import { ZWheelOfTreasurePromotionData, type WheelOfTreasurePromotionData } from '@sweepstack/contracts/promotions/cards/wheel-of-treasure';
import type { CardDefinition } from '../card-definition';

/** The daily wheel card: the free spin, or when the next one opens (the card's countdown). */
const card: CardDefinition<WheelOfTreasurePromotionData> = {
  schema: ZWheelOfTreasurePromotionData,
  title: (_data, t) => t('promotions.cards.wheelOfTreasure.title'),
  lines: (data, t, locale) => [t('promotions.cards.wheelOfTreasure.text'), ...(data.finishesAtMs !== null ? [t('promotions.cards.wheelOfTreasure.ends', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(data.finishesAtMs)) })] : [])],
  action: (_data, t) => t('promotions.cards.wheelOfTreasure.action'),
};
export default card;
