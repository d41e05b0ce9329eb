import { ZDailyLoginPromotionData, type DailyLoginPromotionData } from '@sweepstack/contracts/promotions/cards/daily-login';
import type { CardDefinition } from '../card-definition';

/** The daily prize card: today's prize, or when the next one opens (the card's countdown). */
const card: CardDefinition<DailyLoginPromotionData> = {
  schema: ZDailyLoginPromotionData,
  title: (_data, t) => t('promotions.cards.dailyLogin.title'),
  lines: (data, t, locale) => [t('promotions.cards.dailyLogin.text'), ...(data.finishesAtMs !== null ? [t('promotions.cards.dailyLogin.ends', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(data.finishesAtMs)) })] : [])],
  action: (_data, t) => t('promotions.cards.dailyLogin.action'),
};
export default card;
