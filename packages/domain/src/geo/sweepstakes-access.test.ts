import { describe, expect, it } from 'vitest';
import { restrictedSweepstakesState } from './sweepstakes-access';

const restricted = new Set(['WA', 'NY']);

describe('restrictedSweepstakesState', () => {
  it('names a restricted state, whatever its case', () => {
    expect(restrictedSweepstakesState(['wa'], restricted)).toBe('WA');
    expect(restrictedSweepstakesState([' NY '], restricted)).toBe('NY');
  });

  it('lets an allowed or unknown state play', () => {
    expect(restrictedSweepstakesState(['TX'], restricted)).toBeNull();
    expect(restrictedSweepstakesState([null, undefined, ''], restricted)).toBeNull();
    expect(restrictedSweepstakesState([], restricted)).toBeNull();
  });

  it('refuses when any known location is restricted', () => {
    expect(restrictedSweepstakesState(['TX', 'WA'], restricted)).toBe('WA');
  });

  it('restricts nothing when the list is empty', () => {
    expect(restrictedSweepstakesState(['WA'], new Set())).toBeNull();
  });
});
