import { describe, expect, it } from 'vitest';
import { cashbackOf, countedLoss } from './cashback';
import { periodOf } from './period';
import { demotedExperience, experienceMilliOf, leagueLevels, parseLeagueRules, progressOf, sectionsEntered, sumAllLevelsPoints } from './rules';

const RULES = parseLeagueRules({
  experienceMilliPerCoin: { GC: 10, FC: 10_000 },
  houseEdgeBp: 300,
  cashbackClaimDays: 7,
  sections: [
    { slug: 'bronze', title: 'Bronze', levels: [10, 20], reward: null, cashbackBp: 0, dailyWheelPrize: null },
    { slug: 'silver', title: 'Silver', levels: [30, 40], reward: { kind: 'gold_coins', amount: 5000 }, cashbackBp: 500, keepExperience: 15, dailyWheelPrize: { kind: 'gold_coins', amount: 100 } },
    { slug: 'gold', title: 'Gold', levels: [50], reward: { kind: 'coins', amount: 20000, amountCents: 100 }, cashbackBp: 1000, keepExperience: 40, dailyWheelPrize: null },
  ],
});

describe('rank league rules', () => {
  it('numbers levels across sections and sums them', () => {
    expect(leagueLevels(RULES).map((l) => [l.level, l.section, l.startsAt])).toEqual([[1, 1, 0], [2, 1, 10], [3, 2, 30], [4, 2, 60], [5, 3, 100]]);
    expect(sumAllLevelsPoints(RULES)).toBe(150);
  });

  it('places experience on its level, and at the top says completed', () => {
    expect(progressOf(RULES, 0)).toEqual({ level: 1, section: 1, currentExperience: 0, neededExperience: 10, completed: false });
    expect(progressOf(RULES, 29)).toMatchObject({ level: 2, section: 1, currentExperience: 19, neededExperience: 20 });
    expect(progressOf(RULES, 30)).toMatchObject({ level: 3, section: 2, currentExperience: 0 });
    expect(progressOf(RULES, 150)).toMatchObject({ level: 5, section: 3, completed: true });
  });

  it('never moves a player below the level reached (rules changes go forward only)', () => {
    expect(progressOf(RULES, 12, 4)).toMatchObject({ level: 4, section: 2, currentExperience: 0, neededExperience: 40 });
    expect(progressOf(RULES, 70, 2)).toMatchObject({ level: 4, currentExperience: 10 });
  });

  it('earns experience at the published rate per whole coin, per currency', () => {
    expect(experienceMilliOf(RULES, 'GC', 1000)).toBe(10_000); // 1,000 GC: 10 experience
    expect(experienceMilliOf(RULES, 'FC', 250)).toBe(25_000); // 2.50 FC: 25 experience
  });

  it('demotes to the start of the last level of the section below, one section', () => {
    expect(demotedExperience(RULES, 3)).toEqual({ experience: 60, level: 4 });
    expect(demotedExperience(RULES, 2)).toEqual({ experience: 10, level: 2 });
    expect(sectionsEntered(1, 3)).toEqual([2, 3]);
    expect(sectionsEntered(2, 2)).toEqual([]);
  });

  it('refuses bad rules with the field', () => {
    expect(() => parseLeagueRules({ ...RULES, sections: [] })).toThrow(/sections/);
    expect(() => parseLeagueRules({ ...RULES, sections: [{ ...RULES.sections[0], reward: { kind: 'gold_coins', amount: 1 } }] })).toThrow(/first section/);
    expect(() => parseLeagueRules({ ...RULES, sections: [RULES.sections[0], { ...RULES.sections[0] }] })).toThrow(/slugs/);
    expect(() => parseLeagueRules({ ...RULES, houseEdgeBp: -1 })).toThrow(/houseEdgeBp/);
    expect(() => parseLeagueRules({ ...RULES, sections: [{ ...RULES.sections[0], titleEs: '' }] })).toThrow(/Spanish title/);
    expect(() => parseLeagueRules({ ...RULES, sections: [{ ...RULES.sections[0], titleEs: 7 }] })).toThrow(/Spanish title/);
  });

  it("keeps a section's Spanish name; none given (rules saved before it existed) is null", () => {
    expect(RULES.sections.map((s) => s.titleEs)).toEqual([null, null, null]);
    const named = parseLeagueRules({ ...RULES, sections: [{ ...RULES.sections[0], titleEs: 'Bronce' }, RULES.sections[1], { ...RULES.sections[2], titleEs: null }] });
    expect(named.sections.map((s) => [s.title, s.titleEs])).toEqual([['Bronze', 'Bronce'], ['Silver', null], ['Gold', null]]);
  });
});

describe('cashback', () => {
  it('counts the smaller of theoretical and net loss, never negative', () => {
    expect(countedLoss(100_000, 90_000, 300)).toBe(3000); // theoretical 3,000 < net 10,000
    expect(countedLoss(100_000, 99_000, 300)).toBe(1000); // net 1,000 < theoretical
    expect(countedLoss(100_000, 150_000, 300)).toBe(0); // a winner gets nothing
    expect(cashbackOf({ wagered: 100_000, won: 90_000 }, 300, 1000)).toBe(300);
  });

  it('churn cannot make cashback exceed the expected loss: over random weeks it stays below wagered × edge × rate', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let week = 0; week < 1000; week++) {
      const wagered = Math.floor(random() * 1e6);
      const won = Math.floor(random() * 2 * wagered);
      expect(cashbackOf({ wagered, won }, 300, 2000)).toBeLessThanOrEqual((wagered * 300 * 2000) / 1e8);
    }
  });
});

describe('period', () => {
  it('runs Monday to Monday in the operator time zone', () => {
    const p = periodOf(Date.parse('2026-11-26T17:00:00Z'), 'America/New_York');
    expect(p.key).toBe('2026-11-23');
    expect(new Date(p.startMs).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(new Date(p.endMs).toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(periodOf(p.endMs, 'America/New_York').key).toBe('2026-11-30');
    expect(periodOf(p.endMs - 1, 'America/New_York').key).toBe('2026-11-23');
  });
});
