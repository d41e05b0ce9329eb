import type { RankLeagueCashbackPromotionData } from '@sweepstack/contracts/promotions/cards/rank-league-cashback';
import type { RankLeagueStatus } from '@sweepstack/db/rank-league/repository';
import type { FeatureDefinition, PromotionContribution } from '../../platform/define-feature';
import { readCashback } from './read-info';

/**
 * The weekly cashback card (docs/features/promotions.md): the player's rate, and the cashback waiting
 * (ready, opening the claim modal) or when this week's is calculated (a countdown to the VIP page).
 * Nothing while the league is off.
 */
export const cashbackPromotions: NonNullable<FeatureDefinition['promotions']> = async ({ db, player, nowMs, status }) => {
  if ((status as RankLeagueStatus | null)?.enabled !== true) return [];
  const cashback = await readCashback(db, player.id, nowMs);
  if (!cashback) return [];
  const waiting = cashback.status === 'available' && cashback.prize !== null;
  const data: RankLeagueCashbackPromotionData = { status: cashback.status, percent: cashback.currentReward, prize: waiting ? cashback.prize : null, expiresAtMs: waiting && cashback.expiresAt ? Date.parse(cashback.expiresAt) : null };
  const card: PromotionContribution = waiting
    ? { type: 'rankLeagueCashback', data, link: { modal: 'vip-club-claim-reward' }, availableAtMs: null, finishesAtMs: data.expiresAtMs }
    : { type: 'rankLeagueCashback', data, link: { to: '/vip/' }, availableAtMs: Date.parse(cashback.availableAfterDateTime), finishesAtMs: null };
  return [card];
};
