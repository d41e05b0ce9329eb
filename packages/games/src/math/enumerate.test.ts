import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../catalogue/games';
import { evalGrid, compileFreeSpinsSlot, type FreeSpinsSlotConfig } from '../engines/free-spins-slot';
import { compileHoldAndLink, type HoldAndLinkConfig } from '../engines/hold-and-link';
import { evalLines } from '../engines/lines';
import { countKind, MONEY, SCATTER } from '../engines/slot-core';
import { enumerateGrids } from './enumerate';
import { enumerateLineGrids } from './enumerate-lines';
import { enumerateWaysGrids } from './enumerate-ways';
import { freeSpinsFeature } from './free-spins-markov';
import { finalCounts } from './hold-and-link-markov';
import { Histogram } from './histogram';

/** A catalogue game with every strip cut to its first `stops` symbols, so the plain enumeration is quick. */
function shortened<T extends FreeSpinsSlotConfig | HoldAndLinkConfig>(slug: string, stops: number): T {
  const config = structuredClone(CATALOGUE.find((g) => g.slug === slug)!.config) as T;
  if (config.engine === 'holdAndLink') config.reels = config.reels.map((r) => r.slice(0, stops));
  else config.reels = { base: config.reels.base.map((r) => r.slice(0, stops)), free: config.reels.free.map((r) => r.slice(0, stops)) };
  return config;
}

function snapshot(histograms: Histogram[]): string[] {
  return histograms.map((h) => JSON.stringify([...h.weights].sort((a, b) => a[0] - b[0])));
}

describe('fast enumerations agree with evaluating every grid', () => {
  it.each(['reef-raiders', 'hall-of-the-storm-king', 'wolf-moon-ways', 'timber-tails'])('%s (shortened reels)', (slug) => {
    const game = compileFreeSpinsSlot(shortened<FreeSpinsSlotConfig>(slug, 13));
    for (const reels of [game.base, game.free]) {
      const plain = Array.from({ length: 16 }, () => new Histogram());
      enumerateGrids(reels, (grid, weight) => plain[countKind(game.symbols.kinds, grid, SCATTER)]!.add(evalGrid(game, grid, null), weight));
      const fast = Array.from({ length: 16 }, () => new Histogram());
      if (game.lineTables) enumerateLineGrids(reels, game.lineTables, game.symbols.kinds, SCATTER, (u, s, w) => fast[s]!.add(u, w));
      else enumerateWaysGrids(reels, game.waysTables!, SCATTER, (u, s, w) => fast[s]!.add(u, w));
      expect(snapshot(fast)).toEqual(snapshot(plain));
      expect(plain.reduce((t, h) => t + h.total(), 0n)).toBe(13n ** 5n);
    }
  });

  it('hold and link base game (shortened reels)', () => {
    const game = compileHoldAndLink(shortened<HoldAndLinkConfig>('dragon-hoard-link', 12));
    const plain = Array.from({ length: 16 }, () => new Histogram());
    enumerateGrids(game.reels, (grid, weight) => plain[countKind(game.symbols.kinds, grid, MONEY)]!.add(evalLines(game.lineTables, grid, null), weight));
    const fast = Array.from({ length: 16 }, () => new Histogram());
    enumerateLineGrids(game.reels, game.lineTables, game.symbols.kinds, MONEY, (u, c, w) => fast[c]!.add(u, w));
    expect(snapshot(fast)).toEqual(snapshot(plain));
  });
});

describe('feature Markov chains', () => {
  it('free spins without a binding cap match the closed form E[T] = N / (1 - p·r), E[F] = E[X]·E[T]', () => {
    const p = 0.02;
    const feature = freeSpinsFeature({ mean: 3, second: 30, levels: [{ adds: 5, probability: p, payMoment: p * 4 }], cap: 2000 }, 10);
    expect(feature.spins).toBeCloseTo(10 / (1 - p * 5), 6);
    expect(feature.mean).toBeCloseTo(3 * (10 / (1 - p * 5)), 5);
  });

  it('free spins with the cap reached play exactly the cap', () => {
    const feature = freeSpinsFeature({ mean: 1, second: 1, levels: [{ adds: 5, probability: 1, payMoment: 1 }], cap: 30 }, 10);
    expect(feature.spins).toBeCloseTo(30, 9);
    expect(feature.second).toBeCloseTo(900, 6);
  });

  it('hold and link final counts on a two-cell grid with one respin', () => {
    const finals = finalCounts(2, 1, 0.5);
    expect(Array.from(finals[1]!.distribution)).toEqual([0, 0.5, 0.5]);
    expect(Array.from(finals[0]!.distribution)).toEqual([0.25, 0.25, 0.5]);
    expect(finals[0]!.full).toBe(0.5);
    expect(finals[2]!.mean).toBe(2);
  });
});
