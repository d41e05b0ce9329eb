import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';

/**
 * A reward as players read it: "5,000 GC + 1.00 FC" (a part of zero left out). Nothing reads "—" (a step
 * that pays nothing), or "0 GC" for a total (`nothing: 'zero'`: "Earned in total: 0 GC", not "—").
 */
export function formatReward(reward: { coins: number; entries: number }, locale: string, options: { nothing?: 'dash' | 'zero' } = {}): string {
  const text = [reward.coins > 0 ? `${formatGoldCoins(reward.coins, locale)} GC` : null, reward.entries > 0 ? `${formatFortuneCoins(reward.entries, locale)} FC` : null].filter(Boolean).join(' + ');
  return text || (options.nothing === 'zero' ? `${formatGoldCoins(0, locale)} GC` : '—');
}
