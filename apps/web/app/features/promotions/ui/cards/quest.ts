import { ZQuestPromotionData, type QuestPromotionData } from '@sweepstack/contracts/promotions/cards/quest';
import type { CardDefinition } from '../card-definition';

/** The quest card: today's tasks done out of those open, or the next quest. */
const card: CardDefinition<QuestPromotionData> = {
  schema: ZQuestPromotionData,
  title: (data) => data.title,
  lines: (data, t) => {
    if (!data.running) return [t('promotions.cards.quest.upcoming')];
    if (data.tasksOpen > 0 && data.tasksCompleted >= data.tasksOpen) return [t('promotions.cards.quest.allDone')];
    return [t('promotions.cards.quest.progress', { done: data.tasksCompleted, total: data.tasksOpen })];
  },
  action: (data, t) => t(data.running ? 'promotions.cards.quest.action' : 'promotions.cards.quest.actionUpcoming'),
};
export default card;
