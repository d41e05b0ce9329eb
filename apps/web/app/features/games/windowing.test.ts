import { describe, expect, it } from 'vitest';
import { toGridRows, windowRange } from './windowing';

describe('windowRange', () => {
  it('renders the visible rows plus overscan at the top', () => {
    expect(windowRange({ scrollTop: 0, viewport: 500, rowHeight: 100, rowCount: 1000, overscan: 2 })).toEqual({ start: 0, end: 8, padTop: 0, padBottom: 99_200 });
  });
  it('moves with the scroll position and keeps the total height', () => {
    const range = windowRange({ scrollTop: 10_050, viewport: 500, rowHeight: 100, rowCount: 1000, overscan: 2 });
    expect(range.start).toBe(98);
    expect(range.end).toBe(108);
    expect(range.padTop + (range.end - range.start) * 100 + range.padBottom).toBe(100_000);
  });
  it('clamps at the end of the list', () => {
    const range = windowRange({ scrollTop: 99_900, viewport: 500, rowHeight: 100, rowCount: 1000 });
    expect(range.end).toBe(1000);
    expect(range.padBottom).toBe(0);
  });
  it('handles empty lists and scroll positions past the end', () => {
    expect(windowRange({ scrollTop: 0, viewport: 500, rowHeight: 100, rowCount: 0 })).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
    const past = windowRange({ scrollTop: 1e9, viewport: 500, rowHeight: 100, rowCount: 10 });
    expect(past.start).toBeLessThanOrEqual(past.end);
    expect(past.end).toBe(10);
  });
});

describe('toGridRows', () => {
  it('groups items by column count', () => {
    expect(toGridRows([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
