import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextDay } from '../shared/operator-day';
import { claimLevel, DEFAULT_LADDER_RULES, ladderStatus, missedDays, NEW_LADDER, type LadderState } from './ladder';

const none = new Set<string>();

function walk(days: string[], claims: boolean[], outages = none, rules = DEFAULT_LADDER_RULES): number[] {
  let state: LadderState = NEW_LADDER;
  const paid: number[] = [];
  days.forEach((day, i) => {
    if (!claims[i]) return;
    const claim = claimLevel(state, day, outages, rules);
    state = claim.state;
    paid.push(claim.level);
  });
  return paid;
}

function daysFrom(start: string, count: number): string[] {
  const out = [start];
  while (out.length < count) out.push(nextDay(out.at(-1)!));
  return out;
}

describe('daily login ladder', () => {
  const days = daysFrom('2026-11-01', 20);

  it('climbs one level per day, pays day 7 the day-7 prize, and wraps to 1 on day 8', () => {
    expect(walk(days.slice(0, 9), Array(9).fill(true))).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 2]);
    expect(walk(days.slice(0, 9), Array(9).fill(true), none, { ...DEFAULT_LADDER_RULES, afterLast: 'hold' })).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7]);
  });

  it('keeps the level over one missed day, restarts after two', () => {
    //            d1    d2    d3     d4    d5     d6     d7
    expect(walk(days.slice(0, 7), [true, true, false, true, false, false, true])).toEqual([1, 2, 3, 1]);
  });

  it('does not count outage days as missed', () => {
    const outages = new Set([days[2]!, days[3]!]);
    expect(missedDays(days[1]!, days[4]!, outages)).toBe(0);
    expect(walk(days.slice(0, 5), [true, true, false, false, true], outages)).toEqual([1, 2, 3]);
  });

  it('allows one claim per day and says so', () => {
    const first = claimLevel(NEW_LADDER, days[0]!, none);
    expect(ladderStatus(first.state, days[0]!, none)).toEqual({ isAvailable: false, activeLevel: 1, claimedToday: true, restarted: false });
    expect(() => claimLevel(first.state, days[0]!, none)).toThrow(expect.objectContaining({ code: 'DAILY_LOGIN_ALREADY_CLAIMED' }));
    expect(ladderStatus(first.state, days[1]!, none)).toMatchObject({ isAvailable: true, activeLevel: 2 });
    expect(ladderStatus(first.state, days[3]!, none)).toMatchObject({ isAvailable: true, activeLevel: 1, restarted: true });
  });

  it('always pays a level from 1 to 7, one more than the last or 1 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), (claims) => {
        const paid = walk(daysFrom('2026-01-01', claims.length), claims);
        paid.forEach((level, i) => {
          expect(level).toBeGreaterThanOrEqual(1);
          expect(level).toBeLessThanOrEqual(7);
          if (i > 0) expect(level === paid[i - 1]! + 1 || level === 1).toBe(true);
        });
      }),
    );
  });
});
