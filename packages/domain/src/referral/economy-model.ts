import type { DailyBudget } from '../rewards/budget';
import type { EconomyFeatureModel } from '../rewards/economy-sim';
import { PLAYER_REWARD_KINDS, type PlayerRewardKind, type ReferralSettings, type RewardAmount } from './rules';

export interface ReferralEconomyOptions {
  settings: ReferralSettings;
  budget: DailyBudget;
  /** Chance that an active player brings a friend on a day (one at most, within the daily cap). */
  inviteChance: number;
  /** Chance per active day that a player completes one of their own rewards' steps not done yet. */
  stepChance: number;
  /** Share of friends who confirm email, confirm phone, complete the profile, and qualify (verified and bought). */
  friendRates: { email: number; phone: number; profile: number; qualify: number };
}

interface State {
  done: Set<PlayerRewardKind>;
}

const add = (cost: { gc: number; fcCents: number }, amount: RewardAmount) => ({ gc: cost.gc + amount.coins, fcCents: cost.fcCents + amount.entriesCents });

/**
 * The referral program's cost (docs/features/referral.md): each player's own rewards once each, and
 * per friend brought the friend's sign-up reward and the referrer's step and main rewards, costed on
 * the day the friend comes (each step with its stated rate).
 */
export function referralEconomyModel(o: ReferralEconomyOptions): EconomyFeatureModel<State> {
  const s = o.settings;
  return {
    feature: 'referral',
    budget: o.budget,
    behaviour: `an active player completes a missing own step with probability ${o.stepChance} a day and brings a friend with probability ${o.inviteChance} (cap ${s.dailyCapPerReferrer} a day); friends confirm email ${o.friendRates.email}, phone ${o.friendRates.phone}, complete the profile ${o.friendRates.profile} and qualify ${o.friendRates.qualify}`,
    initialState: () => ({ done: new Set() }),
    playerDay(state, active, _day, random) {
      let cost = { gc: 0, fcCents: 0 };
      if (!active || !s.active) return { state, cost };
      for (const kind of PLAYER_REWARD_KINDS) {
        if (!state.done.has(kind) && random.float() < o.stepChance) {
          state.done.add(kind);
          cost = add(cost, s.playerRewards[kind]);
        }
      }
      if (s.dailyCapPerReferrer > 0 && random.float() < o.inviteChance) {
        cost = add(add(cost, s.registrationReferralReward), s.referrer.registration);
        if (random.float() < o.friendRates.email) cost = add(cost, s.referrer.emailConfirmation);
        if (random.float() < o.friendRates.phone) cost = add(cost, s.referrer.phoneConfirmation);
        if (random.float() < o.friendRates.profile) cost = add(cost, s.referrer.profileComplete);
        if (random.float() < o.friendRates.qualify) cost = add(cost, s.qualificationReward);
      }
      return { state, cost };
    },
  };
}
