import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawSegmentIndex, parsePrizeTable, segmentOdds, totalWeight, type UniformSource } from './prize-table';
import { multiplyPrize, parsePrize } from './prize';

/** A seeded 32-bit PRNG (mulberry32) with rejection sampling, for tests only. */
function seeded(seed: number): UniformSource & { calls: number[] } {
  let a = seed >>> 0;
  const calls: number[] = [];
  const word = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    calls,
    int(n: number) {
      calls.push(n);
      const limit = 4_294_967_296 - (4_294_967_296 % n);
      for (;;) {
        const w = word();
        if (w < limit) return w % n;
      }
    },
  };
}

const wheel = {
  slug: 'daily-wheel',
  feature: 'wheel-of-treasure',
  fallbackSegment: 0,
  segments: [
    { weight: 500, prize: { kind: 'gold_coins', amount: 1000 } },
    { weight: 300, prize: { kind: 'gold_coins', amount: 5000 } },
    { weight: 150, prize: { kind: 'fortune_coins', amountCents: 10 } },
    { weight: 45, prize: { kind: 'free_spins', gameId: 3, count: 5, betLevel: 1, lifetimeMs: 86_400_000 } },
    { weight: 5, prize: { kind: 'fortune_coins', amountCents: 500 } },
  ],
};

describe('prize tables', () => {
  it('parses a valid table and publishes odds computed from its weights', () => {
    const table = parsePrizeTable(wheel);
    expect(totalWeight(table)).toBe(1000);
    expect(segmentOdds(table).map((o) => o.percent)).toEqual([50, 30, 15, 4.5, 0.5]);
    expect(table.segments[3]!.prize).toEqual({ kind: 'free_spins', gameId: 3, count: 5, betLevel: 1, lifetimeMs: 86_400_000, currency: 'GC' });
  });

  it('refuses bad tables with REWARDS_INVALID_TABLE', () => {
    const bad = [
      { ...wheel, slug: 'Bad Slug' },
      { ...wheel, segments: [] },
      { ...wheel, fallbackSegment: 5 },
      { ...wheel, segments: [...wheel.segments, { weight: 1, prize: { kind: 'lootbox', table: 'box' } }], fallbackSegment: 5 }, // no draw after the budget is spent
      { ...wheel, segments: [{ weight: 0, prize: { kind: 'nothing' } }] },
      { ...wheel, segments: [{ weight: 1.5, prize: { kind: 'nothing' } }] },
      { ...wheel, segments: [{ weight: 1, prize: { kind: 'gold_coins', amount: -5 } }] },
      { ...wheel, segments: [{ weight: 1, prize: { kind: 'jackpot' } }] },
      { ...wheel, segments: [{ weight: 600_000_000, prize: { kind: 'nothing' } }, { weight: 600_000_000, prize: { kind: 'nothing' } }] },
      null,
    ];
    for (const table of bad) expect(() => parsePrizeTable(table), JSON.stringify(table)).toThrow(expect.objectContaining({ code: 'REWARDS_INVALID_TABLE' }));
  });

  it('draws one integer over the total weight and maps it through the cumulative weights', () => {
    const table = parsePrizeTable(wheel);
    const fixed = (ticket: number): UniformSource => ({ int: (n) => (expect(n).toBe(1000), ticket) });
    expect(drawSegmentIndex(table, fixed(0)).index).toBe(0);
    expect(drawSegmentIndex(table, fixed(499)).index).toBe(0);
    expect(drawSegmentIndex(table, fixed(500)).index).toBe(1);
    expect(drawSegmentIndex(table, fixed(949)).index).toBe(2);
    expect(drawSegmentIndex(table, fixed(994)).index).toBe(3);
    expect(drawSegmentIndex(table, fixed(999)).index).toBe(4);
  });

  it('observed frequencies of 100,000 seeded draws lie within the 99% interval of each segment', () => {
    const table = parsePrizeTable(wheel);
    const source = seeded(20261126);
    const counts = table.segments.map(() => 0);
    const n = 100_000;
    for (let i = 0; i < n; i += 1) counts[drawSegmentIndex(table, source).index]! += 1;
    segmentOdds(table).forEach(({ weight, totalWeight: total }, index) => {
      const p = weight / total;
      const sd = Math.sqrt(n * p * (1 - p));
      // 99% two-sided normal interval: ±2.576 standard deviations.
      expect(Math.abs(counts[index]! - n * p), `segment ${index}`).toBeLessThanOrEqual(2.576 * sd);
    });
  });

  it('every ticket maps to exactly one segment whose range holds it (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 64 }), fc.nat(), (weights, raw) => {
        const table = { segments: weights.map((weight) => ({ weight, prize: { kind: 'nothing' as const } })) };
        const total = totalWeight(table);
        const ticket = raw % total;
        const { index } = drawSegmentIndex(table, { int: () => ticket });
        const before = weights.slice(0, index).reduce((a, b) => a + b, 0);
        expect(ticket).toBeGreaterThanOrEqual(before);
        expect(ticket).toBeLessThan(before + weights[index]!);
      }),
    );
  });

  it('a booster multiplies coins and free-spin counts, never a box or nothing', () => {
    expect(multiplyPrize(parsePrize({ kind: 'coins', amount: 100, amountCents: 5 }), 3)).toEqual({ kind: 'coins', amount: 300, amountCents: 15 });
    expect(multiplyPrize(parsePrize({ kind: 'free_spins', gameId: 1, count: 5, betLevel: 1, lifetimeMs: 3_600_000 }), 2)).toMatchObject({ count: 10 });
    expect(multiplyPrize({ kind: 'lootbox', table: 'box' }, 5)).toEqual({ kind: 'lootbox', table: 'box' });
    expect(multiplyPrize({ kind: 'nothing' }, 5)).toEqual({ kind: 'nothing' });
    expect(() => multiplyPrize({ kind: 'nothing' }, 0)).toThrow();
  });
});
