import { type RandomSource } from '../fairness/random-source';
import { unitValue } from './bet';
import { compileLines, evalLines, type LineTables } from './lines';
import {
  compileReels, compileSymbols, countKind, drawStops, fillGrid, gridIds, positionsOfKind, SCATTER, WILD,
  type CompiledReels, type CompiledSymbols, type RawWin,
} from './slot-core';
import { type FreeSpinsState, type GameState, type PlayRequest, type StepOutcome, type SymbolDef, type Win } from './types';
import { compileWays, evalWays, type WaysTables } from './ways';

/** A 5×3 video slot paying on lines or 243 ways, with scatters and free spins (retriggers, a win multiplier). */
export interface FreeSpinsSlotConfig {
  engine: 'lines' | 'ways';
  reelCount: number;
  rows: number;
  symbols: SymbolDef[];
  reels: { base: string[][]; free: string[][] };
  /** Lines engine: lines[i][reel] = row. */
  lines?: number[][];
  /** Pay units per line (lines) or per way (ways), index = count - 1. */
  pays: Record<string, number[]>;
  /** Pay units by number of scatters anywhere (index = count), on the whole bet. */
  scatterPays: number[];
  freeSpins: {
    /** Free spins awarded by number of scatters in the base game (index = count). */
    awards: number[];
    /** Free spins added by number of scatters during free spins (index = count). */
    retriggers: number[];
    /** Every free-spin win is multiplied by this. */
    multiplier: number;
    /** A feature never awards more than this many spins in total. */
    maxSpins: number;
  };
  /** Pay units per bet: bet = d units. */
  betDivisor: number;
  /** Buy the free spins of `scatters` scatters for `priceUnits` pay units (price = bet × priceUnits / d). */
  bonusBuy?: { priceUnits: number; scatters: number };
}

export interface CompiledFreeSpinsSlot {
  config: FreeSpinsSlotConfig;
  symbols: CompiledSymbols;
  base: CompiledReels;
  free: CompiledReels;
  lineTables: LineTables | null;
  waysTables: WaysTables | null;
  scatterPays: Int32Array;
  awards: Int32Array;
  retriggers: Int32Array;
  multiplier: number;
  maxSpins: number;
  stops: Int32Array;
  grid: Int32Array;
}

function countTable(values: number[], cells: number, what: string): Int32Array {
  const out = new Int32Array(cells + 1);
  values.forEach((v, i) => {
    if (!Number.isInteger(v) || v < 0) throw new Error(`${what}: non-negative integers only`);
    if (i <= cells) out[i] = v;
  });
  return out;
}

/** Validates and compiles a configuration. */
export function compileFreeSpinsSlot(config: FreeSpinsSlotConfig): CompiledFreeSpinsSlot {
  const { reelCount, rows } = config;
  const symbols = compileSymbols(config.symbols);
  const base = compileReels(config.reels.base, rows, symbols);
  const free = compileReels(config.reels.free, rows, symbols);
  if (base.reelCount !== reelCount || free.reelCount !== reelCount) throw new Error(`need ${reelCount} reels`);
  let lineTables: LineTables | null = null;
  let waysTables: WaysTables | null = null;
  if (config.engine === 'lines') {
    if (!config.lines?.length) throw new Error('a lines game needs lines');
    lineTables = compileLines(symbols, config.lines, config.pays, reelCount, rows);
  } else {
    waysTables = compileWays(symbols, config.pays, reelCount, rows);
    for (const reels of [base, free]) {
      if (Array.from(reels.strips[0]!).some((s) => symbols.kinds[s] === WILD)) throw new Error('ways games keep wilds off reel 1');
    }
  }
  const cells = reelCount * rows;
  const fs = config.freeSpins;
  if (!Number.isInteger(fs.multiplier) || fs.multiplier < 1) throw new Error('free-spin multiplier must be a positive integer');
  if (fs.awards.some((a) => a > fs.maxSpins)) throw new Error('an award exceeds the free-spin maximum');
  if (!Number.isInteger(config.betDivisor) || config.betDivisor < 1) throw new Error('bet divisor must be a positive integer');
  if (config.bonusBuy && !(fs.awards[config.bonusBuy.scatters]! > 0)) throw new Error('bonus buy must award free spins');
  return {
    config,
    symbols,
    base,
    free,
    lineTables,
    waysTables,
    scatterPays: countTable(config.scatterPays, cells, 'scatter pays'),
    awards: countTable(fs.awards, cells, 'free-spin awards'),
    retriggers: countTable(fs.retriggers, cells, 'retriggers'),
    multiplier: fs.multiplier,
    maxSpins: fs.maxSpins,
    stops: new Int32Array(reelCount),
    grid: new Int32Array(cells),
  };
}

/** Line or ways pay units of the grid in `game.grid` (scatters excluded). */
export function evalGrid(game: CompiledFreeSpinsSlot, grid: Int32Array, wins: RawWin[] | null): number {
  return game.lineTables !== null ? evalLines(game.lineTables, grid, wins) : evalWays(game.waysTables!, grid, wins);
}

/** Feature spins after a spin with `scatters` scatters when `awarded` spins were awarded so far. */
export function retriggerSpins(game: CompiledFreeSpinsSlot, scatters: number, awarded: number): number {
  return Math.min(game.retriggers[scatters]!, game.maxSpins - awarded);
}

// Fast path for simulations: the same evaluation, no allocation. The last round's flags are left here.
let lastTriggered = false;

/** Pay units of one whole round (base spin and any free spins it triggers). */
export function simulateRound(game: CompiledFreeSpinsSlot, rng: RandomSource): number {
  const { grid, stops, symbols } = game;
  drawStops(game.base, rng, stops);
  fillGrid(game.base, stops, grid);
  const scatters = countKind(symbols.kinds, grid, SCATTER);
  let units = evalGrid(game, grid, null) + game.scatterPays[scatters]!;
  const award = game.awards[scatters]!;
  lastTriggered = award > 0;
  if (award > 0) units += simulateFeature(game, rng, award);
  return units;
}

/** Whether the last simulated round triggered the feature. */
export function lastRoundTriggered(): boolean {
  return lastTriggered;
}

/** Pay units of a whole free-spins feature starting with `award` spins. */
export function simulateFeature(game: CompiledFreeSpinsSlot, rng: RandomSource, award: number): number {
  const { grid, stops, symbols } = game;
  let remaining = award;
  let awarded = award;
  let units = 0;
  while (remaining > 0) {
    drawStops(game.free, rng, stops);
    fillGrid(game.free, stops, grid);
    const scatters = countKind(symbols.kinds, grid, SCATTER);
    units += (evalGrid(game, grid, null) + game.scatterPays[scatters]!) * game.multiplier;
    const add = retriggerSpins(game, scatters, awarded);
    awarded += add;
    remaining += add - 1;
  }
  return units;
}

function toWins(game: CompiledFreeSpinsSlot, raw: RawWin[], unit: number, multiplier: number): Win[] {
  return raw.map((w) => ({
    type: w.type,
    ...(w.line !== undefined ? { line: w.line } : {}),
    symbol: game.symbols.ids[w.symbol]!,
    count: w.count,
    ...(w.ways !== undefined ? { ways: w.ways } : {}),
    multiplier,
    positions: w.positions,
    amount: w.units * unit * multiplier,
  }));
}

/** One step of play: a base spin, a bonus buy, or the next free spin of the feature in `state`. */
export function playFreeSpinsSlot(game: CompiledFreeSpinsSlot, rng: RandomSource, request: PlayRequest, state: GameState): StepOutcome {
  const config = game.config;
  const unit = unitValue(request.bet, config.betDivisor);
  if (state !== null && state.kind !== 'freeSpins') throw new Error('state of another engine');
  if (state !== null && state.bet !== request.bet) throw new Error('a feature continues with the bet that started it');
  const features = { freeSpinsAwarded: 0, retrigger: false, freeSpinsRemaining: 0, holdAndLinkTriggered: false, respinsLeft: 0, featureEnded: false };
  const empty = { stops: [] as number[], grid: [] as string[][], wins: [] as Win[], jackpots: [], jackpotWon: null, jackpotContribution: 0 };

  if (state === null && request.buy) {
    if (!config.bonusBuy) throw new Error('this game has no bonus buy');
    const award = game.awards[config.bonusBuy.scatters]!;
    const next: FreeSpinsState = { kind: 'freeSpins', bet: request.bet, remaining: award, awarded: award, played: 0, multiplier: game.multiplier, featureWin: 0 };
    return {
      ...empty, step: 'base', bought: true, stake: config.bonusBuy.priceUnits * unit, bet: request.bet, totalWin: 0, featureWin: 0,
      features: { ...features, freeSpinsAwarded: award, freeSpinsRemaining: award }, next,
    };
  }
  if (request.buy) throw new Error('cannot buy during a feature');

  const inFeature = state !== null;
  const reels = inFeature ? game.free : game.base;
  const stops = new Int32Array(config.reelCount);
  const grid = new Int32Array(config.reelCount * config.rows);
  drawStops(reels, rng, stops);
  fillGrid(reels, stops, grid);
  const raw: RawWin[] = [];
  evalGrid(game, grid, raw);
  const scatters = countKind(game.symbols.kinds, grid, SCATTER);
  const scatterUnits = game.scatterPays[scatters]!;
  if (scatterUnits > 0) {
    const scatterId = game.symbols.kinds.indexOf(SCATTER);
    raw.push({ type: 'scatter', symbol: scatterId, count: scatters, positions: positionsOfKind(game.symbols.kinds, grid, config.rows, SCATTER), units: scatterUnits });
  }
  const multiplier = inFeature ? state.multiplier : 1;
  const wins = toWins(game, raw, unit, multiplier);
  const totalWin = wins.reduce((sum, w) => sum + w.amount, 0);
  const common = { stops: Array.from(stops), grid: gridIds(game.symbols, grid, config.reelCount, config.rows), wins, totalWin, jackpots: [], jackpotWon: null, jackpotContribution: 0, bet: request.bet, bought: false };

  if (!inFeature) {
    const award = game.awards[scatters]!;
    const next: FreeSpinsState | null = award > 0
      ? { kind: 'freeSpins', bet: request.bet, remaining: award, awarded: award, played: 0, multiplier: game.multiplier, featureWin: 0 }
      : null;
    return { ...common, step: 'base', stake: request.bet, featureWin: 0, features: { ...features, freeSpinsAwarded: award, freeSpinsRemaining: award }, next };
  }
  const add = retriggerSpins(game, scatters, state.awarded);
  const remaining = state.remaining - 1 + add;
  const featureWin = state.featureWin + totalWin;
  const next: FreeSpinsState | null = remaining > 0
    ? { ...state, remaining, awarded: state.awarded + add, played: state.played + 1, featureWin }
    : null;
  return {
    ...common, step: 'freeSpin', stake: 0, featureWin,
    features: { ...features, freeSpinsAwarded: add, retrigger: add > 0, freeSpinsRemaining: remaining, featureEnded: remaining === 0 },
    next,
  };
}
