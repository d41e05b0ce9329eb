import { PURCHASE_LIMIT_MAX_CENTS, ZPurchaseLimitPeriod } from '@sweepstack/contracts/cashier/purchase-limits';
import { LIMIT_MAX_CENTS, LIMIT_PERIODS } from '@sweepstack/domain/cashier/purchase-limits';
import { describe, expect, it } from 'vitest';

// The contract (which depends on nothing of ours) states the rule's bounds again: they must agree.
describe('purchase limits contract', () => {
  it('accepts the periods and the largest limit the domain knows', () => {
    expect(PURCHASE_LIMIT_MAX_CENTS).toBe(LIMIT_MAX_CENTS);
    expect(ZPurchaseLimitPeriod.options).toEqual([...LIMIT_PERIODS]);
  });
});
