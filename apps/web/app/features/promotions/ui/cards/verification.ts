import { ZVerificationPromotionData, type VerificationPromotionData } from '@sweepstack/contracts/promotions/cards/verification';
import type { CardDefinition } from '../card-definition';

/** The identity check card: until the player is verified. */
const card: CardDefinition<VerificationPromotionData> = {
  schema: ZVerificationPromotionData,
  title: (_data, t) => t('promotions.cards.verification.title'),
  lines: (data, t) => [t(data.status === 'none' ? 'promotions.cards.verification.text' : 'promotions.cards.verification.failed')],
  action: (data, t) => t(data.status === 'none' ? 'promotions.cards.verification.action' : 'promotions.cards.verification.actionRetry'),
};
export default card;
