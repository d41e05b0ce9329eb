import { describe, expect, it } from 'vitest';
import { fitsBudget, prizeCost } from './budget';
import { grantState, takeFreeSpin } from './free-spins';

describe('budgets', () => {
  const stake = () => 20;
  it('costs coins at face value and free spins at their nominal stake', () => {
    expect(prizeCost({ kind: 'coins', amount: 100, amountCents: 7 }, stake)).toEqual({ gc: 100, fcCents: 7 });
    expect(prizeCost({ kind: 'free_spins', gameId: 1, count: 5, betLevel: 2, lifetimeMs: 60_000, currency: 'FC' }, stake)).toEqual({ gc: 0, fcCents: 100 });
    expect(prizeCost({ kind: 'nothing' }, stake)).toEqual({ gc: 0, fcCents: 0 });
  });

  it('fits up to the budget exactly, and never past it', () => {
    const budget = { gc: 1000, fcCents: 50 };
    expect(fitsBudget(budget, { gc: 900, fcCents: 0 }, { gc: 100, fcCents: 0 })).toBe(true);
    expect(fitsBudget(budget, { gc: 901, fcCents: 0 }, { gc: 100, fcCents: 0 })).toBe(false);
    expect(fitsBudget(budget, { gc: 0, fcCents: 50 }, { gc: 0, fcCents: 1 })).toBe(false);
    // A spent currency does not block a prize in the other one.
    expect(fitsBudget(budget, { gc: 1000, fcCents: 0 }, { gc: 0, fcCents: 10 })).toBe(true);
    expect(fitsBudget({ gc: null, fcCents: null }, { gc: 1e12, fcCents: 1e12 }, { gc: 1, fcCents: 1 })).toBe(true);
  });
});

describe('free-spin grants', () => {
  const grant = { id: 1, playerId: 7, gameId: 3, currency: 'GC' as const, betLevel: 1, spinsTotal: 2, spinsRemain: 2, expiresAtMs: 1000 };
  it('are taken one spin at a time on their own game until used or expired', () => {
    const once = takeFreeSpin(grant, 3, 10);
    expect(once.spinsRemain).toBe(1);
    const twice = takeFreeSpin(once, 3, 10);
    expect(grantState(twice, 10)).toBe('used');
    expect(() => takeFreeSpin(twice, 3, 10)).toThrow(expect.objectContaining({ code: 'FREE_SPINS_NOT_AVAILABLE' }));
    expect(() => takeFreeSpin(grant, 4, 10)).toThrow(expect.objectContaining({ code: 'FREE_SPINS_NOT_AVAILABLE' }));
    expect(() => takeFreeSpin(grant, 3, 1000)).toThrow(expect.objectContaining({ code: 'FREE_SPINS_NOT_AVAILABLE' }));
    expect(grantState(grant, 999)).toBe('active');
  });
});
