import { describe, expect, it } from 'vitest';
import { DEFAULT_ROWS_PER_SLIDE, rowsPerSlide, toSlides } from './rows';

describe('rowsPerSlide (spec §9)', () => {
  it('gives allGames and popularGames three rows', () => {
    expect(rowsPerSlide('allGames')).toBe(3);
    expect(rowsPerSlide('popularGames')).toBe(3);
  });
  it('gives weeklySpecials, fishing, rapidLink, topGames and bonusCombo one row', () => {
    for (const key of ['weeklySpecials', 'fishing', 'rapidLink', 'topGames', 'bonusCombo']) expect(rowsPerSlide(key)).toBe(1);
  });
  it('gives every other section two rows', () => {
    expect(DEFAULT_ROWS_PER_SLIDE).toBe(2);
    for (const key of ['hotGames', 'newGames', 'jackpot', 'holdNLink', 'bonusBuyGames', 'unknown']) expect(rowsPerSlide(key)).toBe(2);
  });
});

describe('toSlides', () => {
  it('cuts rows × columns tiles per slide, keeping order', () => {
    expect(toSlides([1, 2, 3, 4, 5, 6, 7], 2, 2)).toEqual([[1, 2, 3, 4], [5, 6, 7]]);
  });
  it('never loops on zero sizes', () => {
    expect(toSlides([1, 2], 0, 0)).toEqual([[1], [2]]);
  });
});
