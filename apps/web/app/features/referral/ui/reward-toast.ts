import type { PushOf } from '@sweepstack/contracts/realtime/push';
import { activeI18n } from '../../../i18n/i18n';
import { showToast } from '../../toasts/toast-store';
import { formatReward } from './reward-format';

/** Spec §2 toasts "friend or player qualified reward": what was paid, and for whom. */
export function showRewardToast(message: PushOf<'referral'>): void {
  const i18n = activeI18n();
  if (!i18n) return;
  const { step, friend, coins, entries } = message.data;
  const amount = formatReward({ coins, entries }, i18n.language);
  const text =
    message.action === 'friendReward'
      ? i18n.t(step === 'inviteQualification' ? 'referral.toast.friendQualified' : 'referral.toast.friendStep', { friend, amount, step: i18n.t(`referral.steps.${step}`) })
      : i18n.t('referral.toast.playerReward', { amount, step: i18n.t(`referral.playerSteps.${step}`) });
  showToast('bonus', text);
}
