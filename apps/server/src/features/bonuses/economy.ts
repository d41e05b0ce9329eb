import { listCampaigns } from '@sweepstack/db/bonuses/repository';
import { bonusesEconomyModel } from '@sweepstack/domain/bonuses/economy-model';
import { prizeCost } from '@sweepstack/domain/rewards/budget';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import { defineEconomy } from '../../platform/define-economy';

const DAY_MS = 86_400_000;

/**
 * Bonus offers' cost (docs/features/bonuses.md) for the active campaigns in operator data: how often
 * an operator sends each to a player and how often a player claims it before it expires.
 */
export default defineEconomy<'bonus-send-chance' | 'bonus-claim-chance'>({
  feature: 'bonuses',
  options: {
    'bonus-send-chance': { default: 0.03, min: 0, max: 1, help: 'chance a day that the operator sends a player each active bonus campaign' },
    'bonus-claim-chance': { default: 0.6, min: 0, max: 1, help: 'chance that a player who comes claims a pending bonus that day' },
  },
  async models({ db, option, freeSpinStake }) {
    const campaigns = (await listCampaigns(db)).filter((c) => c.active === 1);
    if (campaigns.length === 0) return [];
    return [
      bonusesEconomyModel({
        campaigns: campaigns.map((c) => {
          const prize: Prize =
            c.bonus_type === 'freeEntries'
              ? { kind: 'fortune_coins', amountCents: Number(c.amount_cents) }
              : { kind: 'free_spins', gameId: Number(c.game_id), count: Number(c.spins_count), betLevel: Number(c.bet_level), lifetimeMs: Number(c.spins_lifetime_ms), currency: c.spins_currency ?? 'GC' };
          return { cost: prizeCost(prize, freeSpinStake), claimDays: Math.max(1, Math.ceil(Number(c.claim_lifetime_ms) / DAY_MS)) };
        }),
        sendChance: option('bonus-send-chance'),
        claimChance: option('bonus-claim-chance'),
      }),
    ];
  },
});
