import { describe, expect, it } from 'vitest';
import { findLimitBreach, LIMIT_RAISE_DELAY_MS, NO_LIMIT, requestLimitChange, settleLimit } from './purchase-limits';

const NOW = 1_000_000;

describe('purchase limits', () => {
  it('setting a first limit or lowering one applies at once', () => {
    expect(requestLimitChange(NO_LIMIT, 5000, NOW)).toEqual({ limitCents: 5000, pending: null });
    expect(requestLimitChange({ limitCents: 5000, pending: null }, 1000, NOW)).toEqual({ limitCents: 1000, pending: null });
  });

  it('raising or removing waits 24 hours', () => {
    const raised = requestLimitChange({ limitCents: 1000, pending: null }, 5000, NOW);
    expect(raised).toEqual({ limitCents: 1000, pending: { limitCents: 5000, effectiveAtMs: NOW + LIMIT_RAISE_DELAY_MS } });
    expect(settleLimit(raised, NOW + LIMIT_RAISE_DELAY_MS - 1).limitCents).toBe(1000);
    expect(settleLimit(raised, NOW + LIMIT_RAISE_DELAY_MS)).toEqual({ limitCents: 5000, pending: null });
    expect(requestLimitChange({ limitCents: 1000, pending: null }, null, NOW).pending).toEqual({ limitCents: null, effectiveAtMs: NOW + LIMIT_RAISE_DELAY_MS });
  });

  it('lowering cancels a pending raise; a second raise restarts the wait', () => {
    const raised = requestLimitChange({ limitCents: 1000, pending: null }, 5000, NOW);
    expect(requestLimitChange(raised, 800, NOW + 10)).toEqual({ limitCents: 800, pending: null });
    expect(requestLimitChange(raised, 1000, NOW + 10)).toEqual({ limitCents: 1000, pending: null });
    expect(requestLimitChange(raised, 9000, NOW + 10).pending).toEqual({ limitCents: 9000, effectiveAtMs: NOW + 10 + LIMIT_RAISE_DELAY_MS });
  });

  it('finds the first period a purchase would exceed', () => {
    const limits = { daily: 2000, weekly: 5000, monthly: null };
    expect(findLimitBreach(limits, { daily: 1000, weekly: 1000, monthly: 1000 }, 1000)).toBeNull();
    expect(findLimitBreach(limits, { daily: 1000, weekly: 1000, monthly: 1000 }, 1001)).toEqual({ period: 'daily', limitCents: 2000, usedCents: 1000 });
    expect(findLimitBreach(limits, { daily: 0, weekly: 4500, monthly: 4500 }, 600)).toEqual({ period: 'weekly', limitCents: 5000, usedCents: 4500 });
    expect(findLimitBreach({ daily: null, weekly: null, monthly: 0 }, { daily: 0, weekly: 0, monthly: 0 }, 1)?.period).toBe('monthly');
  });
});
