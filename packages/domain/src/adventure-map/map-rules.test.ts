import { describe, expect, it } from 'vitest';
import { checkMapSections, mapSectionViews, moveRefusal, pointsEarned, type MapSectionRule } from './map-rules';

const sections: MapSectionRule[] = [0, 10, 30].map((pointsNeeded, index) => ({ index, pointsNeeded, award: { gc: index * 100, fcCents: 0 } }));

describe('adventure map rules', () => {
  it('moves one stop at a time, only once its points are reached', () => {
    const state = { points: 12, currentIndex: 0, claimed: new Set<number>() };
    expect(moveRefusal(sections, state, 1)).toBeNull();
    expect(moveRefusal(sections, state, 2)).toBe('notNext');
    expect(moveRefusal(sections, { ...state, currentIndex: 1 }, 2)).toBe('notReached');
    expect(moveRefusal(sections, state, 5)).toBe('unknownSection');
    expect(moveRefusal(sections, state, 0)).toBe('notNext');
  });

  it('shows each stop\'s progress bar from the stop before it', () => {
    const views = mapSectionViews(sections, { points: 12, currentIndex: 1, claimed: new Set([1]) });
    expect(views.map((v) => [v.isCurrent, v.isAwardClaimed, v.isReached, v.progressBar.percent])).toEqual([[false, false, true, 100], [true, true, true, 100], [false, false, false, 10]]);
    expect(views[2]!.progressBar).toEqual({ current: 2, target: 20, percent: 10 });
  });

  it('checks operator stops and earns points from rounds and tasks', () => {
    expect(checkMapSections(sections)).toBeNull();
    expect(checkMapSections([sections[0]!])).toMatch(/two stops/);
    expect(checkMapSections([{ ...sections[0]!, pointsNeeded: 1 }, sections[1]!])).toMatch(/0 points/);
    expect(checkMapSections([sections[0]!, { ...sections[1]!, pointsNeeded: 0 }])).toMatch(/more points/);
    expect(pointsEarned({ pointsPerRound: 2, pointsPerTask: 25 }, 3, 1)).toBe(31);
  });
});
