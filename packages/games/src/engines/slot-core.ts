import { type RandomSource } from '../fairness/random-source';
import { type SymbolDef, type SymbolKind } from './types';

export const KIND_CODE: Record<SymbolKind, number> = { regular: 0, wild: 1, scatter: 2, money: 3, blank: 4 };
export const REGULAR = 0;
export const WILD = 1;
export const SCATTER = 2;
export const MONEY = 3;

/** Reel strips as symbol indices, ready for fast window reads. */
export interface CompiledReels {
  reelCount: number;
  rows: number;
  lengths: Int32Array;
  strips: Int32Array[];
}

/** Symbol indices, kinds and wild multipliers of a game. */
export interface CompiledSymbols {
  ids: string[];
  kinds: Int8Array;
  wildMultipliers: Int32Array;
  index: Map<string, number>;
}

/** Symbol tables of a game, checked for duplicates. */
export function compileSymbols(symbols: SymbolDef[]): CompiledSymbols {
  const index = new Map<string, number>();
  symbols.forEach((s, i) => {
    if (index.has(s.id)) throw new Error(`duplicate symbol ${s.id}`);
    index.set(s.id, i);
  });
  return {
    ids: symbols.map((s) => s.id),
    kinds: Int8Array.from(symbols.map((s) => KIND_CODE[s.kind])),
    wildMultipliers: Int32Array.from(symbols.map((s) => (s.kind === 'wild' ? (s.multiplier ?? 1) : 1))),
    index,
  };
}

/** Reel strips (symbol ids) to indices. */
export function compileReels(strips: string[][], rows: number, symbols: CompiledSymbols): CompiledReels {
  const compiled = strips.map((strip, reel) =>
    Int32Array.from(strip, (id) => {
      const i = symbols.index.get(id);
      if (i === undefined) throw new Error(`reel ${reel}: unknown symbol ${id}`);
      return i;
    }),
  );
  compiled.forEach((s, reel) => {
    if (s.length < rows) throw new Error(`reel ${reel} is shorter than the window`);
  });
  return { reelCount: strips.length, rows, lengths: Int32Array.from(compiled, (s) => s.length), strips: compiled };
}

/** Draws one stop per reel (uniform) into `stops`. */
export function drawStops(reels: CompiledReels, rng: RandomSource, stops: Int32Array): void {
  for (let r = 0; r < reels.reelCount; r++) stops[r] = rng.int(reels.lengths[r]!);
}

/** Fills grid[reel * rows + row] with the window below each stop (the strip is circular). */
export function fillGrid(reels: CompiledReels, stops: Int32Array, grid: Int32Array): void {
  const rows = reels.rows;
  for (let r = 0; r < reels.reelCount; r++) {
    const strip = reels.strips[r]!;
    const length = strip.length;
    const stop = stops[r]!;
    for (let row = 0; row < rows; row++) {
      let p = stop + row;
      if (p >= length) p -= length;
      grid[r * rows + row] = strip[p]!;
    }
  }
}

/** Number of cells of a given kind on the grid. */
export function countKind(kinds: Int8Array, grid: Int32Array, kind: number): number {
  let n = 0;
  for (let i = 0; i < grid.length; i++) if (kinds[grid[i]!] === kind) n++;
  return n;
}

/** Grid as symbol ids, grid[reel][row]. */
export function gridIds(symbols: CompiledSymbols, grid: Int32Array, reelCount: number, rows: number): string[][] {
  const out: string[][] = [];
  for (let r = 0; r < reelCount; r++) {
    const column: string[] = [];
    for (let row = 0; row < rows; row++) column.push(symbols.ids[grid[r * rows + row]!]!);
    out.push(column);
  }
  return out;
}

/** Positions [reel, row] of cells of a kind. */
export function positionsOfKind(kinds: Int8Array, grid: Int32Array, rows: number, kind: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < grid.length; i++) if (kinds[grid[i]!] === kind) out.push([Math.floor(i / rows), i % rows]);
  return out;
}

/** A raw win as the evaluators report it: amounts in pay units, before conversion to currency. */
export interface RawWin {
  type: 'line' | 'ways' | 'scatter';
  line?: number;
  symbol: number;
  count: number;
  ways?: number;
  positions: [number, number][];
  units: number;
}
