import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';

/** A reward as players read it: "5,000 GC + 1.00 FC" (a part of zero left out; "—" for nothing). */
export function formatReward(reward: { coins: number; entries: number }, locale: string): string {
  return [reward.coins > 0 ? `${formatGoldCoins(reward.coins, locale)} GC` : null, reward.entries > 0 ? `${formatFortuneCoins(reward.entries, locale)} FC` : null].filter(Boolean).join(' + ') || '—';
}
