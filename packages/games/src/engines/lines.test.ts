import { describe, expect, it } from 'vitest';
import { compileFreeSpinsSlot, playFreeSpinsSlot, type FreeSpinsSlotConfig } from './free-spins-slot';
import { compileLines, evalLines } from './lines';
import { compileSymbols, type RawWin } from './slot-core';
import { ScriptedRandom } from './scripted-random.test-helper';
import { type SymbolDef } from './types';

const SYMBOLS: SymbolDef[] = [
  { id: 'W', name: 'Wild', kind: 'wild' },
  { id: 'S', name: 'Scatter', kind: 'scatter' },
  { id: 'A', name: 'Ace', kind: 'regular' },
  { id: 'B', name: 'Bee', kind: 'regular' },
  { id: 'C', name: 'Cat', kind: 'regular' },
];
const PAYS = { W: [0, 0, 100, 200, 1000], A: [0, 5, 20, 150, 400], B: [0, 0, 10, 30, 90], C: [0, 0, 5, 10, 20] };
const symbols = compileSymbols(SYMBOLS);
const tables = compileLines(symbols, [[1, 1, 1, 1, 1]], PAYS, 5, 3);

/** A grid whose middle row is `row` (other rows C, which cannot form a middle-line win). */
function middle(row: string[]): Int32Array {
  const grid = new Int32Array(15).fill(symbols.index.get('C')!);
  row.forEach((id, reel) => (grid[reel * 3 + 1] = symbols.index.get(id)!));
  return grid;
}

function pay(row: string[]): { units: number; wins: RawWin[] } {
  const wins: RawWin[] = [];
  return { units: evalLines(tables, middle(row), wins), wins };
}

describe('line evaluation', () => {
  it('pays runs from the left and nothing for a broken start', () => {
    expect(pay(['A', 'A', 'A', 'B', 'B']).units).toBe(20);
    expect(pay(['A', 'A', 'B', 'A', 'A']).units).toBe(5);
    expect(pay(['B', 'A', 'A', 'A', 'A']).units).toBe(0);
    expect(pay(['A', 'A', 'A', 'A', 'A']).units).toBe(400);
  });

  it('lets wilds substitute anywhere in the run', () => {
    expect(pay(['W', 'A', 'A', 'B', 'B']).units).toBe(20);
    expect(pay(['A', 'W', 'W', 'A', 'C']).units).toBe(150);
    const { wins } = pay(['A', 'W', 'A', 'B', 'C']);
    expect(wins[0]).toMatchObject({ symbol: symbols.index.get('A'), count: 3, positions: [[0, 1], [1, 1], [2, 1]] });
  });

  it('pays leading wilds as wilds when that is worth more, and as the symbol otherwise', () => {
    expect(pay(['W', 'W', 'W', 'B', 'C']).units).toBe(100); // W×3 = 100 beats B×4 = 30
    expect(pay(['W', 'W', 'W', 'A', 'C']).units).toBe(150); // A×4 = 150 beats W×3 = 100
    expect(pay(['W', 'W', 'W', 'W', 'W']).units).toBe(1000);
    expect(pay(['W', 'W', 'S', 'A', 'A']).units).toBe(0); // two wilds pay nothing alone
  });

  it('never lets a scatter complete or continue a line', () => {
    expect(pay(['A', 'A', 'S', 'A', 'A']).units).toBe(5);
    expect(pay(['S', 'A', 'A', 'A', 'A']).units).toBe(0);
  });

  it('rejects paytables it cannot honour', () => {
    expect(() => compileLines(symbols, [[1, 1, 1, 1, 1]], { S: [0, 0, 1, 2, 3] }, 5, 3)).toThrow();
    expect(() => compileLines(symbols, [[1, 1, 3, 1, 1]], PAYS, 5, 3)).toThrow();
    expect(() => compileLines(symbols, [[1, 1, 1, 1, 1]], { A: [0, 0, 1.5, 2, 3] }, 5, 3)).toThrow();
  });
});

// Every reel: stop 0 shows S,A,A; stop 3 shows B,C,B; stop 6 shows W,A,C (rows top to bottom).
const STRIP = ['S', 'A', 'A', 'B', 'C', 'B', 'W', 'A', 'C'];
const GAME: FreeSpinsSlotConfig = {
  engine: 'lines', reelCount: 5, rows: 3, symbols: SYMBOLS,
  reels: { base: Array.from({ length: 5 }, () => STRIP), free: Array.from({ length: 5 }, () => STRIP) },
  lines: [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2]],
  pays: PAYS,
  scatterPays: [0, 0, 0, 50, 100, 500],
  freeSpins: { awards: [0, 0, 0, 10, 12, 14], retriggers: [0, 0, 0, 5, 5, 5], multiplier: 3, maxSpins: 14 },
  betDivisor: 10,
  bonusBuy: { priceUnits: 800, scatters: 3 },
};

describe('5×3 lines engine', () => {
  const game = compileFreeSpinsSlot(GAME);

  it('pays scatters anywhere on the whole bet and awards free spins', () => {
    // Reels 1-3 at stop 0 (scatter on top), reels 4-5 at stop 3.
    const outcome = playFreeSpinsSlot(game, new ScriptedRandom([0, 0, 0, 3, 3]), { bet: 100 }, null);
    const unit = 100 / 10;
    expect(outcome.grid[0]).toEqual(['S', 'A', 'A']);
    const scatter = outcome.wins.find((w) => w.type === 'scatter')!;
    expect(scatter).toMatchObject({ symbol: 'S', count: 3, amount: 50 * unit, positions: [[0, 0], [1, 0], [2, 0]] });
    // Middle and bottom lines: A A A B C -> A×3 = 20 units each.
    expect(outcome.wins.filter((w) => w.type === 'line').map((w) => w.amount)).toEqual([20 * unit, 20 * unit]);
    expect(outcome.totalWin).toBe((50 + 40) * unit);
    expect(outcome.stake).toBe(100);
    expect(outcome.next).toEqual({ kind: 'freeSpins', bet: 100, remaining: 10, awarded: 10, played: 0, multiplier: 3, featureWin: 0 });
  });

  it('multiplies free-spin wins, retriggers up to the cap and ends the feature', () => {
    let state = playFreeSpinsSlot(game, new ScriptedRandom([0, 0, 0, 3, 3]), { bet: 100 }, null).next;
    // A free spin with 3 scatters: +5 spins, but the cap of 14 allows only 4 more.
    const retrigger = playFreeSpinsSlot(game, new ScriptedRandom([0, 0, 0, 3, 3]), { bet: 100 }, state);
    expect(retrigger.step).toBe('freeSpin');
    expect(retrigger.stake).toBe(0);
    expect(retrigger.features).toMatchObject({ retrigger: true, freeSpinsAwarded: 4, freeSpinsRemaining: 13 });
    expect(retrigger.wins.every((w) => w.multiplier === 3)).toBe(true);
    expect(retrigger.totalWin).toBe((50 + 40) * 10 * 3);
    state = retrigger.next;
    expect(state).toMatchObject({ remaining: 13, awarded: 14, played: 1, featureWin: 2700 });
    // At the cap a retrigger adds nothing.
    const capped = playFreeSpinsSlot(game, new ScriptedRandom([0, 0, 0, 3, 3]), { bet: 100 }, state);
    expect(capped.features).toMatchObject({ retrigger: false, freeSpinsAwarded: 0, freeSpinsRemaining: 12 });
    state = capped.next;
    for (let i = 0; i < 12; i++) {
      const spin = playFreeSpinsSlot(game, new ScriptedRandom([3, 3, 3, 3, 3]), { bet: 100 }, state);
      state = spin.next;
      if (i === 11) expect(spin.features.featureEnded).toBe(true);
    }
    expect(state).toBeNull();
  });

  it('sells the free spins of three scatters for the bonus-buy price', () => {
    const bought = playFreeSpinsSlot(game, new ScriptedRandom([]), { bet: 100, buy: true }, null);
    expect(bought.stake).toBe(800 * 10);
    expect(bought.bought).toBe(true);
    expect(bought.next).toMatchObject({ kind: 'freeSpins', remaining: 10, bet: 100 });
  });

  it('rejects bets off the divisor, a changed bet inside a feature and a buy inside a feature', () => {
    expect(() => playFreeSpinsSlot(game, new ScriptedRandom([0, 0, 0, 0, 0]), { bet: 105 }, null)).toThrow(/multiple of 10/);
    expect(() => playFreeSpinsSlot(game, new ScriptedRandom([0, 0, 0, 0, 0]), { bet: -10 }, null)).toThrow();
    const state = playFreeSpinsSlot(game, new ScriptedRandom([0, 0, 0, 3, 3]), { bet: 100 }, null).next;
    expect(() => playFreeSpinsSlot(game, new ScriptedRandom([0, 0, 0, 0, 0]), { bet: 200 }, state)).toThrow();
    expect(() => playFreeSpinsSlot(game, new ScriptedRandom([]), { bet: 100, buy: true }, state)).toThrow();
  });
});
