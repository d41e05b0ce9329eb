import { ZRankLeagueCashbackPromotionData, type RankLeagueCashbackPromotionData } from '@sweepstack/contracts/promotions/cards/rank-league-cashback';
import { formatFortuneCoins, formatGoldCoins, formatNumber } from '../../../../lib/format';
import type { CardDefinition } from '../card-definition';

/** The weekly cashback card: the player's rate, and the cashback waiting to be claimed. */
const card: CardDefinition<RankLeagueCashbackPromotionData> = {
  schema: ZRankLeagueCashbackPromotionData,
  title: (_data, t) => t('promotions.cards.rankLeagueCashback.title'),
  lines: (data, t, locale) => {
    const rate = t('promotions.cards.rankLeagueCashback.rate', { percent: formatNumber(data.percent, Number.isInteger(data.percent) ? 0 : 1, locale) });
    if (!data.prize) return [rate, t('promotions.cards.rankLeagueCashback.nextWeek')];
    const amount = data.prize.entries > 0 ? t('promotions.cards.rankLeagueCashback.both', { gc: formatGoldCoins(data.prize.coins, locale), fc: formatFortuneCoins(data.prize.entries, locale) }) : t('promotions.cards.rankLeagueCashback.gc', { gc: formatGoldCoins(data.prize.coins, locale) });
    return [t('promotions.cards.rankLeagueCashback.waiting', { amount }), rate];
  },
  action: (data, t) => t(data.prize ? 'promotions.cards.rankLeagueCashback.action' : 'promotions.cards.rankLeagueCashback.actionVip'),
};
export default card;
