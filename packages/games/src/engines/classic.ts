import { type RandomSource } from '../fairness/random-source';
import { unitValue } from './bet';
import { compileReels, compileSymbols, drawStops, fillGrid, gridIds, WILD, type CompiledReels, type CompiledSymbols } from './slot-core';
import { type GameState, type PlayRequest, type StepOutcome, type SymbolDef, type Win } from './types';

/** The five paylines of a 3×3 classic, in the order they are enabled: middle, top, bottom, two diagonals. */
export const CLASSIC_LINES: number[][] = [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0]];

/**
 * A pay rule on one line. `pattern`: per reel the accepted symbol ids ('*' = any symbol), e.g. any-7 or
 * mixed bars. `anywhere`: at least `count` of `symbol` anywhere on the line (cherries).
 */
export type ClassicRule =
  | { name: string; pattern: [string[], string[], string[]]; pay: number }
  | { name: string; anywhere: string; count: number; pay: number };

export interface ClassicConfig {
  engine: 'classic';
  symbols: SymbolDef[];
  reels: string[][];
  /** Active paylines, 1 to 5 (the first n of CLASSIC_LINES). */
  lines: number;
  rules: ClassicRule[];
  /** Each wild that completes a win multiplies it (e.g. 2: one wild ×2, two wilds ×4). */
  wildMultiplier: number;
  /** Pay units per bet. Rule pays are pay units per line. */
  betDivisor: number;
}

export interface CompiledClassic {
  config: ClassicConfig;
  symbols: CompiledSymbols;
  reels: CompiledReels;
  /** table[a * S * S + b * S + c] = pay units of a line showing a, b, c. */
  table: Int32Array;
  /** The rule index (or -1) behind each table entry, for display. */
  ruleOf: Int16Array;
  lineCells: Int32Array;
  lineCount: number;
  stops: Int32Array;
  grid: Int32Array;
}

function rulePay(rule: ClassicRule, ids: string[]): number {
  if ('pattern' in rule) {
    return rule.pattern.every((set, i) => set.includes('*') || set.includes(ids[i]!)) ? rule.pay : 0;
  }
  return ids.filter((id) => id === rule.anywhere).length >= rule.count ? rule.pay : 0;
}

/** Validates a classic configuration and precomputes the pay of every symbol triple. */
export function compileClassic(config: ClassicConfig): CompiledClassic {
  const symbols = compileSymbols(config.symbols);
  const reels = compileReels(config.reels, 3, symbols);
  if (reels.reelCount !== 3) throw new Error('a classic has 3 reels');
  if (!Number.isInteger(config.lines) || config.lines < 1 || config.lines > 5) throw new Error('a classic has 1 to 5 lines');
  for (const rule of config.rules) {
    if (!Number.isInteger(rule.pay) || rule.pay < 0) throw new Error(`rule ${rule.name}: pay must be a non-negative integer`);
    const ids = 'pattern' in rule ? rule.pattern.flat() : [rule.anywhere];
    for (const id of ids) if (id !== '*' && !symbols.index.has(id)) throw new Error(`rule ${rule.name}: unknown symbol ${id}`);
  }
  const S = symbols.ids.length;
  const substitutes = symbols.ids.filter((_, i) => symbols.kinds[i] === 0);
  const table = new Int32Array(S * S * S);
  const ruleOf = new Int16Array(S * S * S).fill(-1);
  const best = (ids: string[]): [number, number] => {
    let pay = 0;
    let which = -1;
    config.rules.forEach((rule, i) => {
      const p = rulePay(rule, ids);
      if (p > pay) { pay = p; which = i; }
    });
    return [pay, which];
  };
  for (let a = 0; a < S; a++) for (let b = 0; b < S; b++) for (let c = 0; c < S; c++) {
    const triple = [a, b, c];
    const ids = triple.map((s) => symbols.ids[s]!);
    let [pay, which] = best(ids);
    const wildAt = [0, 1, 2].filter((i) => symbols.kinds[triple[i]!] === WILD);
    // Try every substitution of the wilds; a win that uses k wilds is multiplied k times.
    const tries = wildAt.length === 3 ? 0 : substitutes.length ** wildAt.length;
    for (let t = 0; t < tries && wildAt.length > 0; t++) {
      const replaced = ids.slice();
      let rest = t;
      for (const i of wildAt) {
        replaced[i] = substitutes[rest % substitutes.length]!;
        rest = Math.floor(rest / substitutes.length);
      }
      const [p, w] = best(replaced);
      const multiplied = p * config.wildMultiplier ** wildAt.length;
      if (multiplied > pay) { pay = multiplied; which = w; }
    }
    table[a * S * S + b * S + c] = pay;
    ruleOf[a * S * S + b * S + c] = which;
  }
  const lineCells = new Int32Array(config.lines * 3);
  for (let l = 0; l < config.lines; l++) for (let r = 0; r < 3; r++) lineCells[l * 3 + r] = r * 3 + CLASSIC_LINES[l]![r]!;
  return { config, symbols, reels, table, ruleOf, lineCells, lineCount: config.lines, stops: new Int32Array(3), grid: new Int32Array(9) };
}

/** Pay units of all active lines of a grid. */
export function evalClassic(game: CompiledClassic, grid: Int32Array): number {
  const S = game.symbols.ids.length;
  const { table, lineCells } = game;
  let total = 0;
  for (let l = 0, base = 0; l < game.lineCount; l++, base += 3) {
    total += table[grid[lineCells[base]!]! * S * S + grid[lineCells[base + 1]!]! * S + grid[lineCells[base + 2]!]!]!;
  }
  return total;
}

/** Pay units of one simulated round. */
export function simulateClassicRound(game: CompiledClassic, rng: RandomSource): number {
  drawStops(game.reels, rng, game.stops);
  fillGrid(game.reels, game.stops, game.grid);
  return evalClassic(game, game.grid);
}

/** One spin of a classic (no features). */
export function playClassic(game: CompiledClassic, rng: RandomSource, request: PlayRequest, state: GameState): StepOutcome {
  if (state !== null) throw new Error('a classic has no feature state');
  if (request.buy) throw new Error('this game has no bonus buy');
  const unit = unitValue(request.bet, game.config.betDivisor);
  const stops = new Int32Array(3);
  const grid = new Int32Array(9);
  drawStops(game.reels, rng, stops);
  fillGrid(game.reels, stops, grid);
  const S = game.symbols.ids.length;
  const wins: Win[] = [];
  for (let l = 0; l < game.lineCount; l++) {
    const cells = [0, 1, 2].map((r) => game.lineCells[l * 3 + r]!);
    const key = grid[cells[0]!]! * S * S + grid[cells[1]!]! * S + grid[cells[2]!]!;
    const units = game.table[key]!;
    if (units === 0) continue;
    const rule = game.config.rules[game.ruleOf[key]!]!;
    wins.push({
      type: 'line', line: l, symbol: rule.name, count: 3, multiplier: 1,
      positions: cells.map((cell, r) => [r, cell - r * 3] as [number, number]),
      amount: units * unit,
    });
  }
  const totalWin = wins.reduce((sum, w) => sum + w.amount, 0);
  return {
    step: 'base', bought: false, stake: request.bet, bet: request.bet, stops: Array.from(stops), grid: gridIds(game.symbols, grid, 3, 3),
    wins, totalWin, featureWin: 0,
    features: { freeSpinsAwarded: 0, retrigger: false, freeSpinsRemaining: 0, holdAndLinkTriggered: false, respinsLeft: 0, featureEnded: false },
    jackpots: [], jackpotWon: null, jackpotContribution: 0, next: null,
  };
}
