import type { PrizeCost } from '../rewards/budget';
import type { EconomyFeatureModel, SimRandom } from '../rewards/economy-sim';

/** A campaign as the model sees it: what one claimed grant costs and how many days it can be claimed. */
export interface BonusCampaignCost {
  cost: PrizeCost;
  claimDays: number;
}

interface PendingGrant {
  campaign: number;
  /** The last simulated day it can be claimed. */
  lastDay: number;
}

/**
 * Bonus offers' cost (docs/features/bonuses.md): each day the operator sends each active campaign to a
 * player with probability `sendChance`; a pending grant is claimed on an active day with probability
 * `claimChance` until it expires. Only claimed grants cost: free entries their Fortune Coins, free
 * spins their nominal stake (count × bet). Bonuses have no daily budget: the operator chose each send.
 */
export function bonusesEconomyModel(input: { campaigns: BonusCampaignCost[]; sendChance: number; claimChance: number }): EconomyFeatureModel<PendingGrant[]> {
  const { campaigns, sendChance, claimChance } = input;
  return {
    feature: 'bonuses',
    budget: { gc: null, fcCents: null },
    behaviour: `${campaigns.length} campaign(s); each sent to a player with probability ${sendChance} a day, a pending bonus claimed with probability ${claimChance} on each day the player comes until it expires`,
    initialState: () => [],
    playerDay(state, active, day, random: SimRandom) {
      const pending = state.filter((g) => g.lastDay >= day);
      campaigns.forEach((c, i) => {
        if (random.float() < sendChance) pending.push({ campaign: i, lastDay: day + c.claimDays - 1 });
      });
      const cost = { gc: 0, fcCents: 0 };
      if (!active) return { state: pending, cost };
      const left = pending.filter((g) => {
        if (random.float() >= claimChance) return true;
        cost.gc += campaigns[g.campaign]!.cost.gc;
        cost.fcCents += campaigns[g.campaign]!.cost.fcCents;
        return false;
      });
      return { state: left, cost };
    },
  };
}
