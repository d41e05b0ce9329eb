import { type CompiledClassic } from '../engines/classic';
import { evalClassic } from '../engines/classic';
import { type CompiledFreeSpinsSlot } from '../engines/free-spins-slot';
import { compileGame, type GameConfig } from '../engines/game';
import { type CompiledHoldAndLink } from '../engines/hold-and-link';
import { MONEY, SCATTER } from '../engines/slot-core';
import { enumerateGrids } from './enumerate';
import { enumerateLineGrids } from './enumerate-lines';
import { enumerateWaysGrids } from './enumerate-ways';
import { freeSpinsFeature, maxFeatureWin, type FreeSpinsMoments } from './free-spins-markov';
import { finalCounts } from './hold-and-link-markov';
import { Histogram, ratio } from './histogram';

/**
 * The published figures of a game, per unit of bet unless said otherwise. Base-game figures come
 * from an exact enumeration of every reel-stop combination in integer (BigInt) arithmetic; feature
 * figures from Markov chains in float64.
 */
export interface GameMath {
  betDivisor: number;
  /** Stop combinations enumerated (product of reel lengths) for the base game. */
  combinations: bigint;
  /** Base-game RTP as an exact fraction (numerator / denominator of pay units per unit of bet). */
  rtpBaseExact: { numerator: bigint; denominator: bigint };
  rtpBase: number;
  rtpFeature: number;
  /** Progressive pool share of every bet (returned to players through the Grand). */
  rtpJackpotContribution: number;
  /** rtpBase + rtpFeature + rtpJackpotContribution. */
  rtp: number;
  /** P(a round pays anything or triggers a feature). */
  hitFrequency: number;
  /** P(a round triggers the feature), 0 without features. */
  featureFrequency: number;
  /** Standard deviation of a round's win per unit of bet (Grand pool excluded). */
  volatility: number;
  /** Largest win of one round in multiples of the bet (the progressive Grand on top where there is one). */
  maxWin: number;
  /** Expected free spins played per feature (free-spin games). */
  averageFreeSpins: number | null;
  /** Expected number of coins of each jackpot tier per round, and P(Grand) per round. */
  jackpotRates: { mini: number; minor: number; major: number; grand: number } | null;
  bonusBuy: { price: number; rtp: number; volatility: number } | null;
  /** Mean and variance of one round's pay units, what the simulation tests check. */
  units: { mean: number; variance: number; hitFrequency: number };
  /** Mean and variance of one bought feature's pay units. */
  buyUnits: { mean: number; variance: number } | null;
}

/** Computes the math sheet figures of a game. Takes a few seconds for 5-reel games. */
export function computeGameMath(config: GameConfig): GameMath {
  const engine = compileGame(config);
  switch (config.engine) {
    case 'classic':
      return classicMath(engine.compiled as CompiledClassic);
    case 'lines':
    case 'ways':
      return freeSpinsMath(engine.compiled as CompiledFreeSpinsSlot);
    case 'holdAndLink':
      return holdAndLinkMath(engine.compiled as CompiledHoldAndLink);
  }
}

function classicMath(game: CompiledClassic): GameMath {
  const histogram = new Histogram();
  enumerateGrids(game.reels, (grid, weight) => histogram.add(evalClassic(game, grid), weight));
  const d = BigInt(game.config.betDivisor);
  const total = histogram.total();
  const s1 = histogram.moment(1);
  const s2 = histogram.moment(2);
  const mean = ratio(s1, total);
  const variance = ratio(s2, total) - mean * mean;
  const hit = ratio(histogram.positiveWeight(), total);
  const rtpBase = ratio(s1, total * d);
  return {
    betDivisor: game.config.betDivisor, combinations: total, rtpBaseExact: reduce(s1, total * d), rtpBase, rtpFeature: 0, rtpJackpotContribution: 0, rtp: rtpBase,
    hitFrequency: hit, featureFrequency: 0, volatility: Math.sqrt(variance) / game.config.betDivisor, maxWin: histogram.max() / game.config.betDivisor,
    averageFreeSpins: null, jackpotRates: null, bonusBuy: null, units: { mean, variance, hitFrequency: hit }, buyUnits: null,
  };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

function reduce(numerator: bigint, denominator: bigint): { numerator: bigint; denominator: bigint } {
  const g = gcd(numerator, denominator) || 1n;
  return { numerator: numerator / g, denominator: denominator / g };
}

/** Histograms of a spin's pay units (scatter pays included) by number of scatters. */
function spinHistograms(game: CompiledFreeSpinsSlot, free: boolean): Histogram[] {
  const cells = game.config.reelCount * game.config.rows;
  const byScatters = Array.from({ length: cells + 1 }, () => new Histogram());
  const reels = free ? game.free : game.base;
  if (game.lineTables !== null) {
    enumerateLineGrids(reels, game.lineTables, game.symbols.kinds, SCATTER, (units, scatters, weight) => {
      byScatters[scatters]!.add(units + game.scatterPays[scatters]!, weight);
    });
    return byScatters;
  }
  enumerateWaysGrids(reels, game.waysTables!, SCATTER, (units, scatters, weight) => {
    byScatters[scatters]!.add(units + game.scatterPays[scatters]!, weight);
  });
  return byScatters;
}

function freeSpinsMath(game: CompiledFreeSpinsSlot): GameMath {
  const config = game.config;
  const d = config.betDivisor;
  const m = game.multiplier;
  const base = spinHistograms(game, false);
  const free = spinHistograms(game, true);
  const freeTotal = free.reduce((t, h) => t + h.total(), 0n);
  const baseTotal = base.reduce((t, h) => t + h.total(), 0n);

  // One free spin: X = m × pay units; retrigger levels by distinct spins added.
  let freeS1 = 0n;
  let freeS2 = 0n;
  const levels = new Map<number, { weight: bigint; s1: bigint; maxPay: number }>();
  free.forEach((h, scatters) => {
    freeS1 += h.moment(1);
    freeS2 += h.moment(2);
    const adds = game.retriggers[scatters]!;
    if (adds > 0 && !h.isEmpty()) {
      const level = levels.get(adds) ?? { weight: 0n, s1: 0n, maxPay: 0 };
      level.weight += h.total();
      level.s1 += h.moment(1);
      level.maxPay = Math.max(level.maxPay, h.max() * m);
      levels.set(adds, level);
    }
  });
  const moments: FreeSpinsMoments = {
    mean: ratio(freeS1, freeTotal) * m,
    second: ratio(freeS2, freeTotal) * m * m,
    levels: [...levels].map(([adds, l]) => ({ adds, probability: ratio(l.weight, freeTotal), payMoment: ratio(l.s1, freeTotal) * m })),
    cap: game.maxSpins,
  };
  const maxFreePay = Math.max(...free.map((h) => (h.isEmpty() ? 0 : h.max() * m)));
  const retriggerMax = [...levels].map(([adds, l]) => ({ adds, maxPay: l.maxPay }));

  let s1 = 0n;
  let hits = 0n;
  let mean = 0;
  let second = 0;
  let featureProbability = 0;
  let featureRtp = 0;
  let spins = 0;
  let maxWin = 0;
  base.forEach((h, scatters) => {
    if (h.isEmpty()) return;
    const award = game.awards[scatters]!;
    const weight = h.total();
    const p = ratio(weight, baseTotal);
    const b1 = ratio(h.moment(1), baseTotal);
    const b2 = ratio(h.moment(2), baseTotal);
    s1 += h.moment(1);
    if (award > 0) {
      const feature = freeSpinsFeature(moments, award);
      hits += weight;
      featureProbability += p;
      featureRtp += p * feature.mean;
      spins += p * feature.spins;
      second += b2 + 2 * b1 * feature.mean + p * feature.second;
      maxWin = Math.max(maxWin, h.max() + maxFeatureWin(award, game.maxSpins, maxFreePay, retriggerMax));
    } else {
      hits += h.positiveWeight();
      second += b2;
      maxWin = Math.max(maxWin, h.max());
    }
  });
  const baseMean = ratio(s1, baseTotal);
  mean = baseMean + featureRtp;
  const variance = second - mean * mean;
  const hit = ratio(hits, baseTotal);
  let bonusBuy: GameMath['bonusBuy'] = null;
  let buyUnits: GameMath['buyUnits'] = null;
  if (config.bonusBuy) {
    const feature = freeSpinsFeature(moments, game.awards[config.bonusBuy.scatters]!);
    const buyVariance = feature.second - feature.mean ** 2;
    buyUnits = { mean: feature.mean, variance: buyVariance };
    bonusBuy = { price: config.bonusBuy.priceUnits / d, rtp: feature.mean / config.bonusBuy.priceUnits, volatility: Math.sqrt(buyVariance) / config.bonusBuy.priceUnits };
  }
  const rtpBase = baseMean / d;
  const rtpFeature = featureRtp / d;
  return {
    betDivisor: d, combinations: baseTotal, rtpBaseExact: reduce(s1, baseTotal * BigInt(d)), rtpBase, rtpFeature, rtpJackpotContribution: 0,
    rtp: rtpBase + rtpFeature, hitFrequency: hit, featureFrequency: featureProbability, volatility: Math.sqrt(variance) / d,
    maxWin: maxWin / d, averageFreeSpins: featureProbability > 0 ? spins / featureProbability : null, jackpotRates: null, bonusBuy,
    units: { mean, variance, hitFrequency: hit }, buyUnits,
  };
}

function holdAndLinkMath(game: CompiledHoldAndLink): GameMath {
  const config = game.config;
  const d = config.betDivisor;
  const cells = game.cells;
  const byCoins = Array.from({ length: cells + 1 }, () => new Histogram());
  enumerateLineGrids(game.reels, game.lineTables, game.symbols.kinds, MONEY, (units, coins, weight) => {
    byCoins[coins]!.add(units, weight);
  });
  const total = byCoins.reduce((t, h) => t + h.total(), 0n);
  const W = game.totalWeight;
  const mu = config.coinValues.reduce((s, c) => s + (c.value * c.weight) / W, 0);
  const muSecond = config.coinValues.reduce((s, c) => s + (c.value * c.value * c.weight) / W, 0);
  const sigma2 = muSecond - mu * mu;
  const finals = finalCounts(cells, config.respins, config.landing.numerator / config.landing.denominator);
  const tierShare = (tier: string): number => config.coinValues.filter((c) => c.tier === tier).reduce((s, c) => s + c.weight / W, 0);
  const maxValue = Math.max(...config.coinValues.map((c) => c.value));

  let s1 = 0n;
  let hits = 0n;
  let second = 0;
  let featureProbability = 0;
  let featureRtp = 0;
  let expectedCoins = 0;
  let grand = 0;
  let maxWin = 0;
  byCoins.forEach((h, coins) => {
    if (h.isEmpty()) return;
    const weight = h.total();
    const p = ratio(weight, total);
    const b1 = ratio(h.moment(1), total);
    const b2 = ratio(h.moment(2), total);
    s1 += h.moment(1);
    if (coins >= config.trigger) {
      const f = finals[coins]!;
      const featureMean = f.mean * mu;
      const featureSecond = f.mean * sigma2 + f.second * mu * mu;
      hits += weight;
      featureProbability += p;
      featureRtp += p * featureMean;
      expectedCoins += p * f.mean;
      grand += p * f.full;
      second += b2 + 2 * b1 * featureMean + p * featureSecond;
      maxWin = Math.max(maxWin, h.max() + cells * maxValue);
    } else {
      hits += h.positiveWeight();
      second += b2;
      maxWin = Math.max(maxWin, h.max());
    }
  });
  const baseMean = ratio(s1, total);
  const mean = baseMean + featureRtp;
  const variance = second - mean * mean;
  const hit = ratio(hits, total);
  let bonusBuy: GameMath['bonusBuy'] = null;
  let buyUnits: GameMath['buyUnits'] = null;
  if (config.bonusBuy) {
    const f = finals[config.bonusBuy.coins]!;
    const buyMean = f.mean * mu;
    const buyVariance = f.mean * sigma2 + f.second * mu * mu - buyMean * buyMean;
    buyUnits = { mean: buyMean, variance: buyVariance };
    bonusBuy = { price: config.bonusBuy.priceUnits / d, rtp: buyMean / config.bonusBuy.priceUnits + config.jackpotContributionBasisPoints / 10_000, volatility: Math.sqrt(buyVariance) / config.bonusBuy.priceUnits };
  }
  const rtpBase = baseMean / d;
  const rtpFeature = featureRtp / d;
  const contribution = config.jackpotContributionBasisPoints / 10_000;
  return {
    betDivisor: d, combinations: total, rtpBaseExact: reduce(s1, total * BigInt(d)), rtpBase, rtpFeature, rtpJackpotContribution: contribution,
    rtp: rtpBase + rtpFeature + contribution, hitFrequency: hit, featureFrequency: featureProbability, volatility: Math.sqrt(variance) / d,
    maxWin: maxWin / d, averageFreeSpins: null,
    jackpotRates: { mini: expectedCoins * tierShare('mini'), minor: expectedCoins * tierShare('minor'), major: expectedCoins * tierShare('major'), grand },
    bonusBuy, units: { mean, variance, hitFrequency: hit }, buyUnits,
  };
}
