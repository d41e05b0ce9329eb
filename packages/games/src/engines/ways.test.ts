import { describe, expect, it } from 'vitest';
import { compileFreeSpinsSlot, type FreeSpinsSlotConfig } from './free-spins-slot';
import { compileSymbols, type RawWin } from './slot-core';
import { type SymbolDef } from './types';
import { compileWays, evalWays } from './ways';

const SYMBOLS: SymbolDef[] = [
  { id: 'W2', name: 'Wild ×2', kind: 'wild', multiplier: 2 },
  { id: 'W3', name: 'Wild ×3', kind: 'wild', multiplier: 3 },
  { id: 'S', name: 'Scatter', kind: 'scatter' },
  { id: 'A', name: 'Ace', kind: 'regular' },
  { id: 'B', name: 'Bee', kind: 'regular' },
  { id: 'X', name: 'Blank', kind: 'blank' },
];
const symbols = compileSymbols(SYMBOLS);
const tables = compileWays(symbols, { A: [0, 0, 10, 40, 100], B: [0, 0, 5, 10, 50] }, 5, 3);

function grid(columns: string[][]): Int32Array {
  return Int32Array.from(columns.flat(), (id) => symbols.index.get(id)!);
}

describe('243-ways evaluation', () => {
  it('multiplies the symbol counts of adjacent reels', () => {
    const wins: RawWin[] = [];
    const units = evalWays(tables, grid([['A', 'A', 'X'], ['A', 'X', 'X'], ['A', 'A', 'A'], ['X', 'X', 'X'], ['A', 'A', 'A']]), wins);
    expect(units).toBe(10 * 2 * 1 * 3);
    expect(wins[0]).toMatchObject({ count: 3, ways: 6 });
  });

  it('counts a wild as its multiplier in every way through it, and multiplies the wilds of one way', () => {
    // Reel 2: A + W2 -> weight 3 (one plain way, one doubled); reel 3: W3 -> weight 3.
    const units = evalWays(tables, grid([['A', 'X', 'X'], ['A', 'W2', 'X'], ['W3', 'X', 'X'], ['B', 'X', 'X'], ['X', 'X', 'X']]), null);
    expect(units).toBe(10 * (1 * 3 * 3));
    // B does not start on reel 1, so the wilds do not pay for it.
    expect(evalWays(tables, grid([['X', 'X', 'X'], ['B', 'W2', 'X'], ['B', 'X', 'X'], ['B', 'X', 'X'], ['X', 'X', 'X']]), null)).toBe(0);
  });

  it('pays several symbols at once and five of a kind', () => {
    const units = evalWays(tables, grid([['A', 'B', 'X'], ['A', 'B', 'X'], ['A', 'B', 'X'], ['A', 'B', 'X'], ['A', 'B', 'X']]), null);
    expect(units).toBe(100 + 50);
  });

  it('keeps wilds off reel 1', () => {
    const strip = ['A', 'B', 'W2', 'X', 'S', 'A'];
    const config: FreeSpinsSlotConfig = {
      engine: 'ways', reelCount: 5, rows: 3, symbols: SYMBOLS, reels: { base: Array(5).fill(strip), free: Array(5).fill(strip) },
      pays: { A: [0, 0, 10, 40, 100] }, scatterPays: [], freeSpins: { awards: [0, 0, 0, 5], retriggers: [], multiplier: 1, maxSpins: 10 }, betDivisor: 10,
    };
    expect(() => compileFreeSpinsSlot(config)).toThrow(/reel 1/);
  });
});
