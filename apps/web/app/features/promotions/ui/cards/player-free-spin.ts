import { ZPlayerFreeSpinPromotionData, type PlayerFreeSpinPromotionData } from '@sweepstack/contracts/promotions/cards/player-free-spin';
import type { CardDefinition } from '../card-definition';

/** The free spins card: spins waiting, on the game of the grant that expires first. */
const card: CardDefinition<PlayerFreeSpinPromotionData> = {
  schema: ZPlayerFreeSpinPromotionData,
  title: (data, t) => t('promotions.cards.playerFreeSpin.title', { count: data.spins }),
  lines: (data, t, locale) => [
    t('promotions.cards.playerFreeSpin.game', { game: data.game.title, currency: data.currency }),
    t('promotions.cards.playerFreeSpin.expires', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(data.expiresAtMs)) }),
  ],
  action: (_data, t) => t('promotions.cards.playerFreeSpin.action'),
};
export default card;
