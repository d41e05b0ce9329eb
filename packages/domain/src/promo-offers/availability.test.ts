import { describe, expect, it } from 'vitest';
import { flipRefusal, isoWeekday, type PlayerFacts, type PresetConditions, shownDespite, unavailabilityReasons } from './availability';

const PRESET: PresetConditions = { active: true, dayOfWeek: null, limitPerDay: null, minBalance: null, availableTillMs: null, subscriptionRequired: false, firstPurchaseOnly: false, bundleStep: null };
const FACTS: PlayerFacts = { weekday: 5, nowMs: 1_000, boughtToday: 0, hasAnyPurchase: false, subscribed: false, goldBalance: 0, stepsBought: new Set(), stepsCompleted: new Set() };

describe('promo offer availability', () => {
  it('sells a preset without conditions', () => {
    expect(unavailabilityReasons(PRESET, FACTS)).toEqual([]);
  });

  it('names each condition that fails', () => {
    expect(unavailabilityReasons({ ...PRESET, active: false }, FACTS)).toEqual(['inactive']);
    expect(unavailabilityReasons({ ...PRESET, availableTillMs: 999 }, FACTS)).toEqual(['expired']);
    expect(unavailabilityReasons({ ...PRESET, availableTillMs: 1_000 }, FACTS)).toEqual([]);
    expect(unavailabilityReasons({ ...PRESET, dayOfWeek: 6 }, FACTS)).toEqual(['wrongDay']);
    expect(unavailabilityReasons({ ...PRESET, dayOfWeek: 5 }, FACTS)).toEqual([]);
    expect(unavailabilityReasons({ ...PRESET, subscriptionRequired: true }, FACTS)).toEqual(['linkRequired']);
    expect(unavailabilityReasons({ ...PRESET, subscriptionRequired: true }, { ...FACTS, subscribed: true })).toEqual([]);
    expect(unavailabilityReasons({ ...PRESET, firstPurchaseOnly: true }, { ...FACTS, hasAnyPurchase: true })).toEqual(['firstPurchaseOnly']);
    expect(unavailabilityReasons({ ...PRESET, limitPerDay: 2 }, { ...FACTS, boughtToday: 1 })).toEqual([]);
    expect(unavailabilityReasons({ ...PRESET, limitPerDay: 2 }, { ...FACTS, boughtToday: 2 })).toEqual(['limitPerDay']);
    expect(unavailabilityReasons({ ...PRESET, minBalance: 500 }, { ...FACTS, goldBalance: 499 })).toEqual([]);
    expect(unavailabilityReasons({ ...PRESET, minBalance: 500 }, { ...FACTS, goldBalance: 500 })).toEqual(['minBalance']);
  });

  it('opens bundle steps in order, each once', () => {
    const step2 = { ...PRESET, bundleStep: 2 };
    expect(unavailabilityReasons(step2, FACTS)).toEqual(['stepLocked']);
    // Step 1 paid but its coins not arrived yet: step 2 waits.
    expect(unavailabilityReasons(step2, { ...FACTS, stepsBought: new Set([1]) })).toEqual(['stepLocked']);
    expect(unavailabilityReasons(step2, { ...FACTS, stepsBought: new Set([1]), stepsCompleted: new Set([1]) })).toEqual([]);
    expect(unavailabilityReasons(step2, { ...FACTS, stepsBought: new Set([1, 2]), stepsCompleted: new Set([1]) })).toEqual(['stepBought']);
  });

  it('keeps only daily-limit and balance refusals visible', () => {
    expect(shownDespite(['limitPerDay', 'minBalance'])).toBe(true);
    expect(shownDespite(['limitPerDay', 'wrongDay'])).toBe(false);
    expect(shownDespite([])).toBe(true);
  });

  it('names a bought bundle step before the first-purchase rule', () => {
    expect(unavailabilityReasons({ ...PRESET, bundleStep: 1, firstPurchaseOnly: true }, { ...FACTS, hasAnyPurchase: true, stepsBought: new Set([1]) })).toEqual(['stepBought', 'firstPurchaseOnly']);
  });

  it('knows the ISO weekday of a day', () => {
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('2027-01-08')).toBe(5);
    expect(isoWeekday('2027-01-10')).toBe(7);
    expect(isoWeekday('2027-01-11')).toBe(1);
    expect(isoWeekday('2024-02-29')).toBe(4);
  });

  it('answers flip-the-coin refusals in order', () => {
    const base = { offersOnSale: 2, holdsUnboughtOffer: false, lastFlipAtMs: null, cooldownMs: 100, nowMs: 1_000 };
    expect(flipRefusal(base)).toBeNull();
    expect(flipRefusal({ ...base, offersOnSale: 0, holdsUnboughtOffer: true })).toBe('no_offers_found');
    expect(flipRefusal({ ...base, holdsUnboughtOffer: true, lastFlipAtMs: 990 })).toBe('limit_by_promo_offers');
    expect(flipRefusal({ ...base, lastFlipAtMs: 901 })).toBe('limit_by_time');
    expect(flipRefusal({ ...base, lastFlipAtMs: 900 })).toBeNull();
  });
});
