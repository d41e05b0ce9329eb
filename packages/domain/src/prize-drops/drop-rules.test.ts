import { describe, expect, it } from 'vitest';
import { blocksInDay, DEFAULT_PRIZE_DROP_RULES, drawDrop, maskedPlayerName, poolFigures, releasedThrough, requiredLevel, tierProblems, type PrizeLevel } from './drop-rules';

/** A source answering the given integers in turn (each must be below its bound). */
function scripted(...values: number[]) {
  return {
    int(max: number) {
      const v = values.shift();
      if (v === undefined || v >= max) throw new Error(`scripted value ${v} not below ${max}`);
      return v;
    },
  };
}

describe('prize drop rules', () => {
  it('the defaults are spec §9: pool 100,000, top prize 5,000, 500 prizes', () => {
    expect(poolFigures(DEFAULT_PRIZE_DROP_RULES.tiers)).toEqual({ dailyPrizePool: 100_000, highestPrizePerDay: 5_000, prizeCountPerDay: 500 });
    expect(DEFAULT_PRIZE_DROP_RULES.minimalLevel).toBe(20);
    expect(tierProblems(DEFAULT_PRIZE_DROP_RULES.tiers)).toEqual([]);
    expect(tierProblems([{ level: 1, value: 0, count: 1 }, { level: 1, value: 5, count: 1 }])).toHaveLength(2);
  });

  it('asks the minimal level while the league runs, capped at the league\'s top level; nothing while it does not', () => {
    expect(requiredLevel(20, { running: true, topLevel: 15 })).toBe(15);
    expect(requiredLevel(20, { running: true, topLevel: 30 })).toBe(20);
    expect(requiredLevel(10, { running: true, topLevel: 15 })).toBe(10);
    expect(requiredLevel(20, { running: true, topLevel: 0 })).toBe(20);
    expect(requiredLevel(20, { running: false, topLevel: 15 })).toBe(0);
  });

  it('releases a day evenly over its blocks, all of it by the last block, nothing before the first', () => {
    for (const blocks of [23, 24, 25]) {
      let previous = 0;
      for (let b = 0; b < blocks; b++) {
        const released = releasedThrough(400, b, blocks);
        expect(released).toBeGreaterThanOrEqual(previous);
        expect(released - previous).toBeLessThanOrEqual(Math.ceil(400 / blocks));
        previous = released;
      }
      expect(previous).toBe(400);
    }
    expect(releasedThrough(4, -1, 24)).toBe(0);
    expect(releasedThrough(4, 5, 24)).toBe(1);
    expect(blocksInDay(0, 25 * 3_600_000)).toBe(25);
  });

  it('a spin wins when its ticket is below stake × waiting prizes, and its tier is drawn by what waits', () => {
    const available = new Map<PrizeLevel, number>([[1, 3], [2, 1], [3, 1]]);
    expect(drawDrop(scripted(49, 2), { stake: 10, available, chanceDivisor: 1000 })).toEqual({ ticket: 49, threshold: 50, won: true, tierTicket: 2, level: 1 });
    expect(drawDrop(scripted(49, 3), { stake: 10, available, chanceDivisor: 1000 }).level).toBe(2);
    expect(drawDrop(scripted(49, 4), { stake: 10, available, chanceDivisor: 1000 }).level).toBe(3);
    expect(drawDrop(scripted(50), { stake: 10, available, chanceDivisor: 1000 })).toMatchObject({ won: false, level: null });
    // Nothing waiting: never a win.
    expect(drawDrop(scripted(0), { stake: 1_000_000, available: new Map(), chanceDivisor: 10 }).won).toBe(false);
    // A huge stake is capped at certainty.
    expect(drawDrop(scripted(9, 0), { stake: 1_000_000, available, chanceDivisor: 10 })).toMatchObject({ threshold: 10, won: true });
    expect(() => drawDrop(scripted(0), { stake: 1, available, chanceDivisor: 0 })).toThrow();
  });

  it('masks names', () => {
    expect(maskedPlayerName('jackpot.fan@example.com')).toBe('ja***');
    expect(maskedPlayerName('')).toBe('pl***');
  });
});
