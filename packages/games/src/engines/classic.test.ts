import { describe, expect, it } from 'vitest';
import { compileClassic, playClassic, type ClassicConfig } from './classic';
import { ScriptedRandom } from './scripted-random.test-helper';

const strip = ['7R', 'BL', '7B', 'BL', 'B3', 'BL', 'B2', 'BL', 'B1', 'BL', 'CH', 'BL', 'WD', 'BL'];
const CONFIG: ClassicConfig = {
  engine: 'classic',
  symbols: [
    { id: '7R', name: 'Red Seven', kind: 'regular' }, { id: '7B', name: 'Blue Seven', kind: 'regular' },
    { id: 'B3', name: 'Triple Bar', kind: 'regular' }, { id: 'B2', name: 'Double Bar', kind: 'regular' },
    { id: 'B1', name: 'Bar', kind: 'regular' }, { id: 'CH', name: 'Cherry', kind: 'regular' },
    { id: 'WD', name: 'Wild', kind: 'wild' }, { id: 'BL', name: 'Blank', kind: 'blank' },
  ],
  reels: [strip, strip, strip],
  lines: 5,
  rules: [
    { name: 'Three Wilds', pattern: [['WD'], ['WD'], ['WD']], pay: 1000 },
    { name: 'Three Red Sevens', pattern: [['7R'], ['7R'], ['7R']], pay: 300 },
    { name: 'Any Three Sevens', pattern: [['7R', '7B'], ['7R', '7B'], ['7R', '7B']], pay: 50 },
    { name: 'Any Three Bars', pattern: [['B1', 'B2', 'B3'], ['B1', 'B2', 'B3'], ['B1', 'B2', 'B3']], pay: 8 },
    { name: 'Two Cherries', pattern: [['CH'], ['CH'], ['*']], pay: 5 },
    { name: 'One Cherry', pattern: [['CH'], ['*'], ['*']], pay: 2 },
  ],
  wildMultiplier: 2,
  betDivisor: 5,
};
const game = compileClassic(CONFIG);

function line(a: string, b: string, c: string): number {
  const S = game.symbols.ids.length;
  const i = (id: string): number => game.symbols.index.get(id)!;
  return game.table[i(a) * S * S + i(b) * S + i(c)]!;
}

describe('classic paytable', () => {
  it('pays mixed sevens and mixed bars, cherries from reel 1', () => {
    expect(line('7R', '7R', '7R')).toBe(300);
    expect(line('7R', '7B', '7R')).toBe(50);
    expect(line('B3', 'B1', 'B2')).toBe(8);
    expect(line('CH', 'CH', 'BL')).toBe(5);
    expect(line('CH', 'BL', 'BL')).toBe(2);
    expect(line('BL', 'CH', 'CH')).toBe(0);
    expect(line('7R', '7R', 'BL')).toBe(0);
  });

  it('lets wilds substitute and doubles per wild used', () => {
    expect(line('WD', '7R', '7R')).toBe(600);
    expect(line('WD', 'WD', '7R')).toBe(1200);
    expect(line('WD', 'WD', 'WD')).toBe(1000);
    expect(line('7B', 'WD', 'B1')).toBe(0);
    expect(line('WD', 'BL', 'BL')).toBe(4); // the wild as a cherry on reel 1
  });

  it('plays five lines: middle, top, bottom and both diagonals', () => {
    // Stops 0, 0, 0 show rows 7R / BL / 7B on every reel.
    const outcome = playClassic(game, new ScriptedRandom([0, 0, 0]), { bet: 10 }, null);
    expect(outcome.grid).toEqual([['7R', 'BL', '7B'], ['7R', 'BL', '7B'], ['7R', 'BL', '7B']]);
    expect(outcome.wins.map((w) => [w.line, w.symbol, w.amount])).toEqual([[1, 'Three Red Sevens', 300 * 2], [2, 'Any Three Sevens', 50 * 2]]);
    expect(outcome.totalWin).toBe(700);
    expect(outcome.next).toBeNull();
  });

  it('rejects bad configurations and bets', () => {
    expect(() => compileClassic({ ...CONFIG, lines: 6 })).toThrow();
    expect(() => compileClassic({ ...CONFIG, rules: [{ name: 'x', pattern: [['ZZ'], ['*'], ['*']], pay: 1 }] })).toThrow();
    expect(() => playClassic(game, new ScriptedRandom([0, 0, 0]), { bet: 7 }, null)).toThrow();
  });
});
