import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Prize } from '../rewards/prize';
import { checkSeasonLevels, levelOf, owedPrizes, pointsToNextLevel, seasonPoints, totalProgressPercents, type SeasonLevel } from './season-progress';

const gc = (amount: number): Prize => ({ kind: 'gold_coins', amount });
const thresholds = [10, 25, 50, 100, 150, 200, 300, 400, 500, 650, 800, 1000];
const levels: SeasonLevel[] = thresholds.map((points, i) => ({ level: i + 1, points, freePrize: gc(100 * (i + 1)), premiumPrize: gc(1000 * (i + 1)) }));
const rates = { gcWageredPerPoint: 1000, fcCentsWageredPerPoint: 100, pointsPerDollar: 10 };

describe('season progress', () => {
  it('converts each total once, rounding down', () => {
    expect(seasonPoints({ wageredGc: 2999, wageredFcCents: 250, purchasedCents: 999 }, rates)).toBe(2 + 2 + 99);
    expect(seasonPoints({ wageredGc: 0, wageredFcCents: 0, purchasedCents: 5 }, rates)).toBe(0);
  });

  it('gives the same points however the play is split (no rounding drift across batches)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50_000), { maxLength: 50 }), (stakes) => {
        const total = stakes.reduce((a, b) => a + b, 0);
        let running = 0;
        let points = 0;
        for (const stake of stakes) {
          running += stake;
          const next = seasonPoints({ wageredGc: running, wageredFcCents: 0, purchasedCents: 0 }, rates);
          expect(next).toBeGreaterThanOrEqual(points);
          points = next;
        }
        expect(points).toBe(Math.floor(total / rates.gcWageredPerPoint));
      }),
    );
  });

  it('counts the levels reached, the percent toward level 12 and the points to the next level', () => {
    expect(levelOf(0, levels)).toBe(0);
    expect(levelOf(9, levels)).toBe(0);
    expect(levelOf(10, levels)).toBe(1);
    expect(levelOf(999, levels)).toBe(11);
    expect(levelOf(5000, levels)).toBe(12);
    expect(totalProgressPercents(333, levels)).toBe(33.3);
    expect(totalProgressPercents(1, levels)).toBe(0.1);
    expect(totalProgressPercents(5000, levels)).toBe(100);
    expect(pointsToNextLevel(12, levels)).toBe(13);
    expect(pointsToNextLevel(1000, levels)).toBe(0);
  });

  it('owes the free prize of every level reached, and the premium ones once unlocked (a late unlock owes the passed levels)', () => {
    expect(owedPrizes(levels, 2, false)).toEqual([
      { level: 1, track: 'free', prize: gc(100) },
      { level: 2, track: 'free', prize: gc(200) },
    ]);
    expect(owedPrizes(levels, 2, true).filter((p) => p.track === 'premium').map((p) => p.level)).toEqual([1, 2]);
    expect(owedPrizes(levels, 0, true)).toEqual([]);
    const free = levels.map((l) => ({ ...l, premiumPrize: null }));
    expect(owedPrizes(free, 12, true)).toHaveLength(12);
  });

  it('checks operator levels: exactly 12, rising thresholds, premium prizes with a premium track only', () => {
    const input = levels.map(({ points, freePrize, premiumPrize }) => ({ points, freePrize, premiumPrize }));
    expect(checkSeasonLevels(input, true).map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(() => checkSeasonLevels(input.slice(1), true)).toThrow(/exactly 12/);
    expect(() => checkSeasonLevels(input.map((l, i) => (i === 3 ? { ...l, points: 25 } : l)), true)).toThrow(/more points/);
    expect(() => checkSeasonLevels(input, false)).toThrow(/premium package/);
    expect(() => checkSeasonLevels(input.map((l, i) => (i === 5 ? { ...l, premiumPrize: null } : l)), true)).toThrow(/every level/);
  });
});
