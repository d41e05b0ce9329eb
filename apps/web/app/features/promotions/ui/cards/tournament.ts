import { ZTournamentPromotionData, type TournamentPromotionData } from '@sweepstack/contracts/promotions/cards/tournament';
import type { CardDefinition } from '../card-definition';

/** The tournament card: the player's or the next tournament, with where it stands. */
const card: CardDefinition<TournamentPromotionData> = {
  schema: ZTournamentPromotionData,
  title: (data) => data.title,
  lines: (data, t) => [t(`promotions.cards.tournament.status.${data.status}`), ...(data.teamBased ? [t('promotions.cards.tournament.team')] : []), ...(data.joined ? [t('promotions.cards.tournament.joined')] : [])],
  action: (data, t) => t(data.joined ? 'promotions.cards.tournament.actionJoined' : 'promotions.cards.tournament.action'),
};
export default card;
