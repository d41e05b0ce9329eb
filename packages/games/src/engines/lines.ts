import { type CompiledSymbols, type RawWin, REGULAR, WILD } from './slot-core';

/** Payline evaluation tables: pays[symbol * reels + (count - 1)] in pay units per line. */
export interface LineTables {
  reelCount: number;
  rows: number;
  lineCount: number;
  /** lineCells[line * reelCount + reel] = grid cell index (reel * rows + row). */
  lineCells: Int32Array;
  pays: Int32Array;
  kinds: Int8Array;
  wild: number;
}

/** Builds line tables; `lines[i][reel]` is the row of line i on that reel. */
export function compileLines(
  symbols: CompiledSymbols,
  lines: number[][],
  pays: Record<string, number[]>,
  reelCount: number,
  rows: number,
): LineTables {
  const lineCells = new Int32Array(lines.length * reelCount);
  lines.forEach((line, i) => {
    if (line.length !== reelCount) throw new Error(`line ${i} must have ${reelCount} rows`);
    line.forEach((row, reel) => {
      if (!Number.isInteger(row) || row < 0 || row >= rows) throw new Error(`line ${i}: bad row ${row}`);
      lineCells[i * reelCount + reel] = reel * rows + row;
    });
  });
  const table = new Int32Array(symbols.ids.length * reelCount);
  for (const [id, values] of Object.entries(pays)) {
    const s = symbols.index.get(id);
    if (s === undefined) throw new Error(`paytable: unknown symbol ${id}`);
    const kind = symbols.kinds[s]!;
    if (kind !== REGULAR && kind !== WILD) throw new Error(`paytable: ${id} cannot pay on lines`);
    if (values.length !== reelCount) throw new Error(`paytable ${id}: need ${reelCount} entries`);
    values.forEach((v, k) => {
      if (!Number.isInteger(v) || v < 0) throw new Error(`paytable ${id}: pays are non-negative integers`);
      table[s * reelCount + k] = v;
    });
  }
  const wilds = symbols.ids.filter((_, i) => symbols.kinds[i] === WILD);
  if (wilds.length > 1) throw new Error('line games have at most one wild symbol');
  return {
    reelCount,
    rows,
    lineCount: lines.length,
    lineCells,
    pays: table,
    kinds: symbols.kinds,
    wild: wilds.length ? symbols.index.get(wilds[0]!)! : -1,
  };
}

/**
 * Pays every line left to right: the line symbol is the first non-wild, wilds substitute for regular
 * symbols, a run of leading wilds pays as wilds when that is worth more. Scatter, money and blank
 * symbols never pay on lines. Returns pay units; appends wins when `wins` is given.
 */
export function evalLines(t: LineTables, grid: Int32Array, wins: RawWin[] | null): number {
  let total = 0;
  for (let line = 0; line < t.lineCount; line++) total += evalLine(t, grid, line, wins);
  return total;
}

/** Pay units of one line (see evalLines). */
export function evalLine(t: LineTables, grid: Int32Array, line: number, wins: RawWin[] | null): number {
  const { reelCount, lineCells, pays, kinds, wild } = t;
  const base = line * reelCount;
  let wildRun = 0;
  while (wildRun < reelCount && grid[lineCells[base + wildRun]!] === wild) wildRun++;
  let symbol = -1;
  let count = 0;
  let pay = 0;
  if (wildRun === reelCount) {
    symbol = wild;
    count = reelCount;
    pay = pays[wild * reelCount + reelCount - 1]!;
  } else {
    const s = grid[lineCells[base + wildRun]!]!;
    if (kinds[s] === REGULAR) {
      let run = wildRun + 1;
      while (run < reelCount) {
        const c = grid[lineCells[base + run]!]!;
        if (c !== s && c !== wild) break;
        run++;
      }
      pay = pays[s * reelCount + run - 1]!;
      symbol = s;
      count = run;
    }
    if (wildRun > 0) {
      const wildPay = pays[wild * reelCount + wildRun - 1]!;
      if (wildPay > pay) {
        pay = wildPay;
        symbol = wild;
        count = wildRun;
      }
    }
  }
  if (pay > 0 && wins !== null) {
    const positions: [number, number][] = [];
    for (let r = 0; r < count; r++) {
      const cell = lineCells[base + r]!;
      positions.push([r, cell - r * t.rows]);
    }
    wins.push({ type: 'line', line, symbol, count, positions, units: pay });
  }
  return pay;
}

/**
 * Whether a line's pay can still change with its last reel: its first reelCount - 1 cells are all wild,
 * or a regular symbol with wilds. Otherwise its pay is settled by the first reels alone.
 */
export function lineOpenAtLastReel(t: LineTables, grid: Int32Array, line: number): boolean {
  const { reelCount, lineCells, kinds, wild } = t;
  const base = line * reelCount;
  let symbol = -1;
  for (let r = 0; r < reelCount - 1; r++) {
    const c = grid[lineCells[base + r]!]!;
    if (c === wild) continue;
    if (kinds[c] !== REGULAR) return false;
    if (symbol === -1) symbol = c;
    else if (c !== symbol) return false;
  }
  return true;
}
