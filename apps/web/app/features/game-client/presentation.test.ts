import { describe, expect, it } from 'vitest';
import { rollUpMs, screensAfter, WIN_TIERS, winTier, type PresentedRound } from './presentation';

const features = { freeSpinsAwarded: 0, holdAndLinkTriggered: false, respinsLeft: 0, featureEnded: false };
function round(partial: { bet?: number; win?: number; step?: PresentedRound['outcome']['step']; featureWin?: number; jackpotWon?: string | null; features?: Partial<typeof features> }): PresentedRound {
  return {
    bet: partial.bet ?? 100,
    win: partial.win ?? 0,
    outcome: { step: partial.step ?? 'base', featureWin: partial.featureWin ?? 0, jackpotWon: partial.jackpotWon ?? null, features: { ...features, ...partial.features } },
    feature: null,
  };
}

describe('win presentation', () => {
  it('tiers wins in multiples of the bet', () => {
    expect(winTier(0, 100)).toBe('none');
    expect(winTier(999, 100)).toBe('win');
    expect(winTier(WIN_TIERS.big * 100, 100)).toBe('big');
    expect(winTier(WIN_TIERS.mega * 100, 100)).toBe('mega');
    expect(winTier(WIN_TIERS.epic * 100, 100)).toBe('epic');
    expect(rollUpMs('epic', false)).toBeGreaterThan(rollUpMs('big', false));
    expect(rollUpMs('big', true)).toBeLessThan(rollUpMs('big', false));
  });

  it('celebrates a big win, introduces a feature, and totals it at its end', () => {
    expect(screensAfter(round({ win: 500 }))).toEqual([]);
    expect(screensAfter(round({ win: 3000 }))).toEqual([{ kind: 'celebration', tier: 'mega', amount: 3000 }]);
    expect(screensAfter(round({ win: 200, features: { freeSpinsAwarded: 10 } }))).toEqual([{ kind: 'featureIntro', feature: 'freeSpins', count: 10, retrigger: false }]);
    expect(screensAfter(round({ step: 'freeSpin', win: 0, features: { freeSpinsAwarded: 5 } }))).toEqual([{ kind: 'featureIntro', feature: 'freeSpins', count: 5, retrigger: true }]);
    expect(screensAfter(round({ features: { holdAndLinkTriggered: true, respinsLeft: 3 } }))).toEqual([{ kind: 'featureIntro', feature: 'holdAndLink', count: 3, retrigger: false }]);
    expect(screensAfter(round({ step: 'freeSpin', win: 100, featureWin: 1200, features: { featureEnded: true } }))).toEqual([
      { kind: 'celebration', tier: 'big', amount: 1200 },
      { kind: 'featureTotal', feature: 'freeSpins', amount: 1200 },
    ]);
  });

  it('awards a jackpot on its own screen, then the feature total', () => {
    expect(screensAfter(round({ step: 'respin', win: 90_000, featureWin: 4000, jackpotWon: 'grand', features: { featureEnded: true } }))).toEqual([
      { kind: 'jackpot', tier: 'grand', amount: 90_000 },
      { kind: 'featureTotal', feature: 'holdAndLink', amount: 90_000 },
    ]);
  });
});
