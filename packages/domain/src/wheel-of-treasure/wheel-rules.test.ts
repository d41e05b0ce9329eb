import { describe, expect, it } from 'vitest';
import { addRounds, NEW_WHEEL_STATE, takeWheelSpin, wheelStatus } from './wheel-rules';

describe('wheel of treasure rules', () => {
  it('gives one free daily spin per operator day', () => {
    const spun = takeWheelSpin(NEW_WHEEL_STATE, 'daily', '2026-11-26');
    expect(spun.boosted).toBe(false);
    expect(wheelStatus(spun.state, '2026-11-26').dailyAvailable).toBe(false);
    expect(() => takeWheelSpin(spun.state, 'daily', '2026-11-26')).toThrow(expect.objectContaining({ code: 'WHEEL_NOT_AVAILABLE' }));
    expect(wheelStatus(spun.state, '2026-11-27').dailyAvailable).toBe(true);
  });

  it('boosts the daily spin once enough rounds were played today, and only today', () => {
    let state = addRounds(NEW_WHEEL_STATE, '2026-11-26', 30);
    expect(wheelStatus(state, '2026-11-26')).toMatchObject({ boosterEarned: false, roundsToBooster: 20 });
    state = addRounds(state, '2026-11-26', 20);
    expect(wheelStatus(state, '2026-11-26')).toMatchObject({ boosterEarned: true, roundsToBooster: 0 });
    expect(wheelStatus(state, '2026-11-27')).toMatchObject({ boosterEarned: false, roundsToBooster: 50 });
    expect(takeWheelSpin(state, 'daily', '2026-11-26').boosted).toBe(true);
    expect(addRounds(state, '2026-11-27', 5)).toMatchObject({ roundsDay: '2026-11-27', rounds: 5 });
  });

  it('spends bought extra spins one at a time, never boosted', () => {
    const state = { ...NEW_WHEEL_STATE, extraSpins: 1 };
    const spun = takeWheelSpin(state, 'extra', '2026-11-26');
    expect(spun).toEqual({ state: { ...state, extraSpins: 0 }, boosted: false });
    expect(() => takeWheelSpin(spun.state, 'extra', '2026-11-26')).toThrow(expect.objectContaining({ code: 'WHEEL_NOT_AVAILABLE' }));
  });
});
