import { describe, expect, it } from 'vitest';
import { completeLines, dealCard, earnBalls, FREE_CELL, isFullCard, markedCells, nextBallPercent, periodOf } from './bingo-rules';

/** A deterministic source (a linear congruential stream): enough to exercise the dealing. */
function lcg(seed: number) {
  let s = seed;
  return {
    int(max: number) {
      s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
      return s % max;
    },
  };
}

describe('bingo rules', () => {
  it('deals a 75-ball card: columns in their ranges, distinct, free centre; the ball order is a permutation', () => {
    const { numbers, order } = dealCard(lcg(7));
    expect(numbers[FREE_CELL]).toBe(0);
    numbers.forEach((n, i) => {
      if (i === FREE_CELL) return;
      const column = i % 5;
      expect(n).toBeGreaterThanOrEqual(column * 15 + 1);
      expect(n).toBeLessThanOrEqual(column * 15 + 15);
    });
    expect(new Set(numbers).size).toBe(25);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 75 }, (_, i) => i + 1));
  });

  it('finds lines and the full card', () => {
    const { numbers } = dealCard(lcg(3));
    expect(completeLines(markedCells(numbers, []))).toEqual([]);
    // The middle row needs only its four numbers (the centre is free).
    const middle = [numbers[10]!, numbers[11]!, numbers[13]!, numbers[14]!];
    expect(completeLines(markedCells(numbers, middle))).toEqual([2]);
    const all = markedCells(numbers, numbers);
    expect(completeLines(all)).toHaveLength(12);
    expect(isFullCard(all)).toBe(true);
  });

  it('turns stake into balls and progress, and periods into days', () => {
    expect(earnBalls(400, 700, 500)).toEqual({ balls: 2, progress: 100 });
    expect(earnBalls(0, 499, 500)).toEqual({ balls: 0, progress: 499 });
    expect(nextBallPercent(499, 500)).toBe(99);
    expect(periodOf('2026-11-26', { periodDays: 7, anchorDay: '2026-01-05' })).toEqual({ index: 46, startDay: '2026-11-23', endDay: '2026-11-30' });
    expect(periodOf('2026-01-05', { periodDays: 1, anchorDay: '2026-01-05' })).toEqual({ index: 0, startDay: '2026-01-05', endDay: '2026-01-06' });
  });
});
