import { describe, expect, it } from 'vitest';
import { FEATURE_FINISH_TIMER_THRESHOLD_MS, finishTimerPlan } from './finish-timer';

describe('feature finish timer plan (spec §4)', () => {
  it('is already finished at or after the finish time', () => {
    expect(finishTimerPlan(1000, 1000)).toEqual({ kind: 'already-finished' });
    expect(finishTimerPlan(1001, 1000)).toEqual({ kind: 'already-finished' });
  });
  it('sets a timer within 86400 s, none beyond', () => {
    expect(FEATURE_FINISH_TIMER_THRESHOLD_MS).toBe(86_400 * 1000);
    expect(finishTimerPlan(0, 1)).toEqual({ kind: 'timer', inMs: 1 });
    expect(finishTimerPlan(0, 86_400_000)).toEqual({ kind: 'timer', inMs: 86_400_000 });
    expect(finishTimerPlan(0, 86_400_001)).toEqual({ kind: 'beyond-threshold', inMs: 86_400_001 });
  });
});
