import { describe, expect, it } from 'vitest';
import { COUNTDOWN_TICK_MS, formatCountdown, secondsLeft } from './countdown';

describe('countdowns (spec §9: they tick every second)', () => {
  it('ticks once a second', () => {
    expect(COUNTDOWN_TICK_MS).toBe(1000);
  });

  it('counts whole seconds left, rounded up, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 999)).toBe(10);
    expect(secondsLeft(10_000, 1000)).toBe(9);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });

  it('shows hours, minutes and seconds, and days past 24 hours', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3600 + 2 * 60 + 3)).toBe('01:02:03');
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toBe('2d 03:04:05');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
