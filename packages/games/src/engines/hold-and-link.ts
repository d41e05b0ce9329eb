import { type RandomSource } from '../fairness/random-source';
import { unitValue } from './bet';
import { compileLines, evalLines, type LineTables } from './lines';
import { compileReels, compileSymbols, drawStops, fillGrid, gridIds, type CompiledReels, type CompiledSymbols, type RawWin } from './slot-core';
import { type GameState, type HoldAndLinkState, type JackpotAward, type JackpotTier, type PlayRequest, type StepOutcome, type SymbolDef, type Win } from './types';

export interface CoinValue {
  /** Pay units (bet / d each). */
  value: number;
  weight: number;
  /** A jackpot coin: its value is the tier's fixed jackpot. */
  tier?: 'mini' | 'minor' | 'major';
}

/**
 * A 5×3 line slot whose money symbols carry values. `trigger` or more money symbols start the
 * hold-and-link feature: coins stay, `respins` respins, each empty cell independently lands a coin with
 * probability landing.numerator / landing.denominator, the respins reset whenever a coin lands; the
 * feature ends when the respins run out or the grid is full (Grand jackpot), paying every coin.
 */
export interface HoldAndLinkConfig {
  engine: 'holdAndLink';
  reelCount: number;
  rows: number;
  symbols: SymbolDef[];
  reels: string[][];
  lines: number[][];
  pays: Record<string, number[]>;
  betDivisor: number;
  trigger: number;
  respins: number;
  landing: { numerator: number; denominator: number };
  coinValues: CoinValue[];
  /** Share of every stake for the progressive Grand pool, in basis points. */
  jackpotContributionBasisPoints: number;
  bonusBuy?: { priceUnits: number; coins: number };
}

export interface CompiledHoldAndLink {
  config: HoldAndLinkConfig;
  symbols: CompiledSymbols;
  reels: CompiledReels;
  lineTables: LineTables;
  money: number;
  cells: number;
  /** Coin draw: index into coinValues for each of totalWeight outcomes. */
  valueIndex: Int32Array;
  values: Int32Array;
  totalWeight: number;
  stops: Int32Array;
  grid: Int32Array;
}

/** Validates and compiles a configuration. */
export function compileHoldAndLink(config: HoldAndLinkConfig): CompiledHoldAndLink {
  const symbols = compileSymbols(config.symbols);
  const reels = compileReels(config.reels, config.rows, symbols);
  if (reels.reelCount !== config.reelCount) throw new Error(`need ${config.reelCount} reels`);
  const lineTables = compileLines(symbols, config.lines, config.pays, config.reelCount, config.rows);
  const moneyIds = config.symbols.filter((s) => s.kind === 'money');
  if (moneyIds.length !== 1) throw new Error('a hold-and-link game has exactly one money symbol');
  const cells = config.reelCount * config.rows;
  const { numerator, denominator } = config.landing;
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || numerator <= 0 || numerator >= denominator) throw new Error('landing probability must be in (0, 1)');
  if (config.trigger < 1 || config.trigger >= cells) throw new Error('bad trigger count');
  const totalWeight = config.coinValues.reduce((s, c) => s + c.weight, 0);
  const valueIndex = new Int32Array(totalWeight);
  let at = 0;
  config.coinValues.forEach((c, i) => {
    if (!Number.isInteger(c.weight) || c.weight <= 0 || !Number.isInteger(c.value) || c.value <= 0) throw new Error('coin values and weights are positive integers');
    valueIndex.fill(i, at, at + c.weight);
    at += c.weight;
  });
  if (config.bonusBuy && (config.bonusBuy.coins < config.trigger || config.bonusBuy.coins >= cells)) throw new Error('bonus buy coins out of range');
  return {
    config, symbols, reels, lineTables, money: symbols.index.get(moneyIds[0]!.id)!, cells, valueIndex,
    values: Int32Array.from(config.coinValues, (c) => c.value), totalWeight,
    stops: new Int32Array(config.reelCount), grid: new Int32Array(cells),
  };
}

/** Draws a coin: the index into coinValues. */
export function drawCoin(game: CompiledHoldAndLink, rng: RandomSource): number {
  return game.valueIndex[rng.int(game.totalWeight)]!;
}

let lastTriggered = false;
let lastGrand = false;

/** Whether the last simulated round triggered the feature, and whether it filled the grid. */
export function lastHoldAndLinkRound(): { triggered: boolean; grand: boolean } {
  return { triggered: lastTriggered, grand: lastGrand };
}

/** Pay units of one whole round, the Grand pool excluded (same draws as play, without allocation). */
export function simulateHoldAndLinkRound(game: CompiledHoldAndLink, rng: RandomSource): number {
  const { grid, stops } = game;
  drawStops(game.reels, rng, stops);
  fillGrid(game.reels, stops, grid);
  let units = evalLines(game.lineTables, grid, null);
  let coins = 0;
  let sum = 0;
  for (let i = 0; i < game.cells; i++) {
    if (grid[i] === game.money) {
      coins++;
      sum += game.values[drawCoin(game, rng)]!;
    }
  }
  lastTriggered = coins >= game.config.trigger;
  lastGrand = false;
  if (lastTriggered) units += simulateRespins(game, rng, coins, sum);
  return units;
}

/** Pay units of a feature starting with `coins` coins worth `sum`; sets the Grand flag. */
export function simulateRespins(game: CompiledHoldAndLink, rng: RandomSource, coins: number, sum: number): number {
  const { numerator, denominator } = game.config.landing;
  const cells = game.cells;
  let filled = coins;
  let respins = game.config.respins;
  while (respins > 0 && filled < cells) {
    let landed = 0;
    for (let e = cells - filled; e > 0; e--) {
      if (rng.int(denominator) < numerator) {
        landed++;
        sum += game.values[drawCoin(game, rng)]!;
      }
    }
    filled += landed;
    respins = landed > 0 ? game.config.respins : respins - 1;
  }
  lastGrand = filled === cells;
  return sum;
}

/** Pay units of a bought feature (the Grand pool excluded). */
export function simulateHoldAndLinkBuy(game: CompiledHoldAndLink, rng: RandomSource): number {
  const coins = game.config.bonusBuy!.coins;
  let sum = 0;
  for (let i = 0; i < coins; i++) {
    rng.int(game.cells - i);
    sum += game.values[drawCoin(game, rng)]!;
  }
  return simulateRespins(game, rng, coins, sum);
}

const TIER_ORDER: JackpotTier[] = ['mini', 'minor', 'major', 'grand'];

function highest(jackpots: JackpotAward[]): JackpotTier | null {
  let best: JackpotTier | null = null;
  for (const j of jackpots) if (best === null || TIER_ORDER.indexOf(j.tier) > TIER_ORDER.indexOf(best)) best = j.tier;
  return best;
}

function contribution(game: CompiledHoldAndLink, stake: number): number {
  return Math.floor((stake * game.config.jackpotContributionBasisPoints) / 10_000);
}

/** One step: a base spin, a bonus buy, or the next respin of the feature in `state`. */
export function playHoldAndLink(game: CompiledHoldAndLink, rng: RandomSource, request: PlayRequest, state: GameState): StepOutcome {
  const config = game.config;
  const unit = unitValue(request.bet, config.betDivisor);
  if (state !== null && state.kind !== 'holdAndLink') throw new Error('state of another engine');
  if (state !== null && state.bet !== request.bet) throw new Error('a feature continues with the bet that started it');
  if (state !== null && request.buy) throw new Error('cannot buy during a feature');
  const { cells, rows } = { cells: game.cells, rows: config.rows };
  const features = { freeSpinsAwarded: 0, retrigger: false, freeSpinsRemaining: 0, holdAndLinkTriggered: false, respinsLeft: 0, featureEnded: false };
  const moneyId = game.symbols.ids[game.money]!;
  const coinGrid = (values: number[]): string[][] =>
    Array.from({ length: config.reelCount }, (_, r) => Array.from({ length: rows }, (_, row) => (values[r * rows + row]! > 0 ? moneyId : '-')));
  const place = (values: number[], tiers: (JackpotTier | null)[], cell: number): void => {
    const coin = config.coinValues[drawCoin(game, rng)]!;
    values[cell] = coin.value;
    tiers[cell] = coin.tier ?? null;
  };

  if (state === null) {
    const values = new Array<number>(cells).fill(0);
    const tiers = new Array<JackpotTier | null>(cells).fill(null);
    let stake = request.bet;
    let stops: number[] = [];
    let grid: string[][];
    const wins: Win[] = [];
    if (request.buy) {
      if (!config.bonusBuy) throw new Error('this game has no bonus buy');
      stake = config.bonusBuy.priceUnits * unit;
      const empty = Array.from({ length: cells }, (_, i) => i);
      for (let i = 0; i < config.bonusBuy.coins; i++) {
        const [cell] = empty.splice(rng.int(empty.length), 1);
        place(values, tiers, cell!);
      }
      grid = coinGrid(values);
    } else {
      const stopArray = new Int32Array(config.reelCount);
      const gridArray = new Int32Array(cells);
      drawStops(game.reels, rng, stopArray);
      fillGrid(game.reels, stopArray, gridArray);
      const raw: RawWin[] = [];
      evalLines(game.lineTables, gridArray, raw);
      for (const w of raw) {
        wins.push({ type: 'line', line: w.line!, symbol: game.symbols.ids[w.symbol]!, count: w.count, multiplier: 1, positions: w.positions, amount: w.units * unit });
      }
      for (let i = 0; i < cells; i++) if (gridArray[i] === game.money) place(values, tiers, i);
      stops = Array.from(stopArray);
      grid = gridIds(game.symbols, gridArray, config.reelCount, rows);
    }
    const coins = values.filter((v) => v > 0).length;
    const triggered = coins >= config.trigger;
    const totalWin = wins.reduce((s, w) => s + w.amount, 0);
    const next: HoldAndLinkState | null = triggered ? { kind: 'holdAndLink', bet: request.bet, respinsLeft: config.respins, values, tiers } : null;
    return {
      step: 'base', bought: request.buy === true, stake, bet: request.bet, stops, grid,
      coins: { values: values.map((v) => v * unit), tiers }, wins, totalWin, featureWin: 0,
      features: { ...features, holdAndLinkTriggered: triggered, respinsLeft: triggered ? config.respins : 0 },
      jackpots: [], jackpotWon: null, jackpotContribution: contribution(game, stake), next,
    };
  }

  const values = state.values.slice();
  const tiers = state.tiers.slice();
  const { numerator, denominator } = config.landing;
  let landed = 0;
  for (let i = 0; i < cells; i++) {
    if (values[i]! > 0) continue;
    if (rng.int(denominator) < numerator) {
      landed++;
      place(values, tiers, i);
    }
  }
  const filled = values.filter((v) => v > 0).length;
  const respinsLeft = landed > 0 ? config.respins : state.respinsLeft - 1;
  const ended = respinsLeft === 0 || filled === cells;
  const wins: Win[] = [];
  const jackpots: JackpotAward[] = [];
  let totalWin = 0;
  if (ended) {
    const positions = (pick: (i: number) => boolean): [number, number][] =>
      values.flatMap((v, i) => (v > 0 && pick(i) ? [[Math.floor(i / rows), i % rows] as [number, number]] : []));
    const plain = values.reduce((s, v, i) => s + (tiers[i] === null ? v : 0), 0);
    if (plain > 0) {
      wins.push({ type: 'coins', symbol: moneyId, count: positions((i) => tiers[i] === null).length, multiplier: 1, positions: positions((i) => tiers[i] === null), amount: plain * unit });
    }
    values.forEach((v, i) => {
      const tier = tiers[i];
      if (tier) {
        wins.push({ type: 'jackpot', symbol: tier, count: 1, multiplier: 1, positions: positions((j) => j === i), amount: v * unit });
        jackpots.push({ tier, amount: v * unit });
      }
    });
    if (filled === cells) jackpots.push({ tier: 'grand', amount: null });
    totalWin = wins.reduce((s, w) => s + w.amount, 0);
  }
  const featureWin = values.reduce((s, v) => s + v, 0) * unit;
  return {
    step: 'respin', bought: false, stake: 0, bet: request.bet, stops: [], grid: coinGrid(values),
    coins: { values: values.map((v) => v * unit), tiers }, wins, totalWin, featureWin,
    features: { ...features, respinsLeft, featureEnded: ended },
    jackpots, jackpotWon: highest(jackpots), jackpotContribution: 0,
    next: ended ? null : { ...state, respinsLeft, values, tiers },
  };
}
