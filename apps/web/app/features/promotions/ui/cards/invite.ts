import { ZInvitePromotionData, type InvitePromotionData } from '@sweepstack/contracts/promotions/cards/invite';
import { formatFortuneCoins, formatGoldCoins } from '../../../../lib/format';
import type { CardDefinition } from '../card-definition';

const amount = (reward: { coins: number; entries: number }, locale: string) =>
  [reward.coins > 0 ? `${formatGoldCoins(reward.coins, locale)} GC` : null, reward.entries > 0 ? `${formatFortuneCoins(reward.entries, locale)} FC` : null].filter(Boolean).join(' + ') || '0 GC';

/** The invite card (referral, docs/features/referral.md): what a friend gets and what one friend can earn the player. */
const card: CardDefinition<InvitePromotionData> = {
  schema: ZInvitePromotionData,
  title: (_data, t) => t('promotions.cards.invite.title'),
  lines: (data, t, locale) => [
    t('promotions.cards.invite.perFriend', { amount: amount(data.perFriend, locale) }),
    t('promotions.cards.invite.friendGets', { amount: amount(data.friendReward, locale) }),
    t('promotions.cards.invite.friends', { count: data.friends }),
  ],
  action: (_data, t) => t('promotions.cards.invite.action'),
};
export default card;
