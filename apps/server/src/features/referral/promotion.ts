import type { InviteQualificationPromotionData } from '@sweepstack/contracts/promotions/cards/invite-qualification';
import type { InvitePromotionData } from '@sweepstack/contracts/promotions/cards/invite';
import { listActivePackages } from '@sweepstack/db/cashier/repository';
import { playerProgress, readReferralSettings, referralOfFriend } from '@sweepstack/db/referral/repository';
import type { FeatureDefinition, PromotionContribution } from '../../platform/define-feature';
import { coinsView } from './rewards';

/**
 * The referral's promotion cards (docs/features/referral.md, docs/features/promotions.md): `invite`
 * for every player while the program runs (their code, what a friend gets, what one friend can earn
 * them), and `inviteQualification` for a player who joined with a counting code until the friend's
 * main reward is paid (verify, then buy through the cash widget's inviteQualification route).
 */
export const referralPromotions: NonNullable<FeatureDefinition['promotions']> = async ({ db, player }) => {
  const settings = await readReferralSettings(db);
  if (!settings.active) return [];
  const friends = await db.selectFrom('referrals').select((eb) => eb.fn.countAll<number>().as('n')).where('referrer_player_id', '=', player.id).executeTakeFirst();
  const r = settings.referrer;
  const per = [r.registration, r.emailConfirmation, r.phoneConfirmation, r.profileComplete, settings.qualificationReward].reduce((sum, a) => ({ coins: sum.coins + a.coins, entriesCents: sum.entriesCents + a.entriesCents }), { coins: 0, entriesCents: 0 });
  const invite: InvitePromotionData = { code: player.referral_code, friendReward: coinsView(settings.registrationReferralReward), perFriend: coinsView(per), friends: Number(friends?.n ?? 0) };
  const cards: PromotionContribution[] = [{ type: 'invite', data: invite, link: { to: '/referral-info/' }, availableAtMs: null, finishesAtMs: null }];

  const referral = await referralOfFriend(db, player.id);
  if (referral?.status === 'counting' && referral.qualified_paid_at_ms === null) {
    const progress = await playerProgress(db, player.id);
    const presetId = (await listActivePackages(db))[0]?.id ?? null;
    const data: InviteQualificationPromotionData = { identityVerified: progress.identityVerified, hasPurchased: progress.hasPurchased, presetId };
    const link = !progress.identityVerified || presetId === null ? { to: '/account/#verification-title' } : { to: `/#/cash/deposit-by-money/${encodeURIComponent(presetId)}/preset/?inviteQualification=true` };
    cards.push({ type: 'inviteQualification', data, link, availableAtMs: null, finishesAtMs: null });
  }
  return cards;
};
