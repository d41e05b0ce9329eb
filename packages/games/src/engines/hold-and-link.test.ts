import { describe, expect, it } from 'vitest';
import { compileHoldAndLink, playHoldAndLink, type HoldAndLinkConfig } from './hold-and-link';
import { ScriptedRandom } from './scripted-random.test-helper';

// Every reel: stop 0 shows M,M,M; stop 3 shows A,B,A.
const strip = ['M', 'M', 'M', 'A', 'B', 'A'];
const CONFIG: HoldAndLinkConfig = {
  engine: 'holdAndLink', reelCount: 5, rows: 3,
  symbols: [{ id: 'W', name: 'Wild', kind: 'wild' }, { id: 'M', name: 'Coin', kind: 'money' }, { id: 'A', name: 'A', kind: 'regular' }, { id: 'B', name: 'B', kind: 'regular' }],
  reels: Array(5).fill(strip),
  lines: [[1, 1, 1, 1, 1]],
  pays: { A: [0, 0, 5, 10, 20], B: [0, 0, 5, 10, 20] },
  betDivisor: 10,
  trigger: 6,
  respins: 3,
  landing: { numerator: 1, denominator: 4 },
  // Draw 0..7 -> 20 units, 8 -> mini (100), 9 -> major (1000).
  coinValues: [{ value: 20, weight: 8 }, { value: 100, weight: 1, tier: 'mini' }, { value: 1000, weight: 1, tier: 'major' }],
  jackpotContributionBasisPoints: 100,
  bonusBuy: { priceUnits: 500, coins: 6 },
};
const game = compileHoldAndLink(CONFIG);
const LAND = 0;
const MISS = 3;

describe('hold-and-link engine', () => {
  it('triggers on six coins, keeps their values and counts respins', () => {
    // Reels 1-2 show coins (6), reels 3-5 show A,B,A; then six value draws.
    const base = playHoldAndLink(game, new ScriptedRandom([0, 0, 3, 3, 3, 0, 0, 0, 0, 0, 8]), { bet: 100 }, null);
    expect(base.features.holdAndLinkTriggered).toBe(true);
    expect(base.coins!.values.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 1000]);
    expect(base.coins!.tiers[5]).toBe('mini');
    expect(base.jackpotContribution).toBe(1);
    expect(base.next).toMatchObject({ kind: 'holdAndLink', respinsLeft: 3 });
    // A respin where nothing lands: 9 empty cells miss.
    const miss = playHoldAndLink(game, new ScriptedRandom(Array(9).fill(MISS)), { bet: 100 }, base.next);
    expect(miss.features.respinsLeft).toBe(2);
    expect(miss.totalWin).toBe(0);
    // One coin lands on the first empty cell: respins reset to 3.
    const hit = playHoldAndLink(game, new ScriptedRandom([LAND, 0, ...Array(8).fill(MISS)]), { bet: 100 }, miss.next);
    expect(hit.features.respinsLeft).toBe(3);
    expect(hit.coins!.values[6]).toBe(200);
    // Three empty respins end the feature and pay every coin, the mini as a jackpot.
    let state = hit.next;
    let last = hit;
    for (let i = 0; i < 3; i++) {
      last = playHoldAndLink(game, new ScriptedRandom(Array(8).fill(MISS)), { bet: 100 }, state);
      state = last.next;
    }
    expect(state).toBeNull();
    expect(last.features.featureEnded).toBe(true);
    expect(last.jackpotWon).toBe('mini');
    expect(last.jackpots).toEqual([{ tier: 'mini', amount: 1000 }]);
    expect(last.wins.find((w) => w.type === 'coins')!.amount).toBe(6 * 200);
    expect(last.totalWin).toBe(6 * 200 + 1000);
  });

  it('awards the progressive Grand for a full grid, and fixed jackpots beside it', () => {
    // Base: all five reels at stop 0 -> 15 coins at once, values: one major, the rest plain.
    const base = playHoldAndLink(game, new ScriptedRandom([0, 0, 0, 0, 0, 9, ...Array(14).fill(0)]), { bet: 100 }, null);
    expect(base.next).not.toBeNull();
    const end = playHoldAndLink(game, new ScriptedRandom([]), { bet: 100 }, base.next);
    expect(end.features.featureEnded).toBe(true);
    expect(end.jackpotWon).toBe('grand');
    expect(end.jackpots).toEqual([{ tier: 'major', amount: 10_000 }, { tier: 'grand', amount: null }]);
    expect(end.totalWin).toBe(14 * 200 + 10_000);
  });

  it('does not trigger on five coins, and pays lines', () => {
    const base = playHoldAndLink(game, new ScriptedRandom([0, 3, 3, 3, 3, 0, 0, 0]), { bet: 100 }, null);
    expect(base.next).toBeNull();
    // Middle row: M, B, B, B, B -> nothing (M breaks the line).
    expect(base.totalWin).toBe(0);
    const lines = playHoldAndLink(game, new ScriptedRandom([3, 3, 3, 3, 3]), { bet: 100 }, null);
    expect(lines.totalWin).toBe(20 * 10);
  });

  it('sells a feature with six coins on random cells', () => {
    const bought = playHoldAndLink(game, new ScriptedRandom([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), { bet: 100, buy: true }, null);
    expect(bought.stake).toBe(5000);
    expect(bought.coins!.values.filter((v) => v > 0)).toHaveLength(6);
    expect(bought.next).toMatchObject({ respinsLeft: 3 });
  });
});
