import { readReferralSettings } from '@sweepstack/db/referral/repository';
import { referralEconomyModel } from '@sweepstack/domain/referral/economy-model';
import { defineEconomy } from '../../platform/define-economy';

/** Referral and player rewards (docs/features/referral.md): no budget row by default; the daily cap per referrer bounds it. */
export default defineEconomy<'referral-invite-chance' | 'referral-step-chance'>({
  feature: 'referral',
  options: {
    'referral-invite-chance': { default: 0.01, min: 0, max: 1, help: 'chance that an active player brings a friend on a day' },
    'referral-step-chance': { default: 0.2, min: 0, max: 1, help: "chance per active day that a player confirms a contact or completes the profile (each of their own rewards once)" },
  },
  async models({ db, option, budgetOf }) {
    const settings = await readReferralSettings(db);
    if (!settings.active) return [];
    return [
      referralEconomyModel({
        settings,
        budget: await budgetOf('referral'),
        inviteChance: option('referral-invite-chance'),
        stepChance: option('referral-step-chance'),
        friendRates: { email: 0.7, phone: 0.4, profile: 0.35, qualify: 0.1 },
      }),
    ];
  },
});
