import { ZInviteQualificationPromotionData, type InviteQualificationPromotionData } from '@sweepstack/contracts/promotions/cards/invite-qualification';
import type { CardDefinition } from '../card-definition';

/** The invite qualification card (referral): for a player who joined with a friend's code, what is left for the friend's main reward. */
const card: CardDefinition<InviteQualificationPromotionData> = {
  schema: ZInviteQualificationPromotionData,
  title: (_data, t) => t('promotions.cards.inviteQualification.title'),
  lines: (data, t) => [t(data.identityVerified ? 'promotions.cards.inviteQualification.buy' : 'promotions.cards.inviteQualification.verify')],
  action: (data, t) => t(data.identityVerified ? 'promotions.cards.inviteQualification.actionBuy' : 'promotions.cards.inviteQualification.actionVerify'),
};
export default card;
