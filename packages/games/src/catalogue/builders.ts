import { Xoshiro128 } from '../fairness/xoshiro';
import { type BetLimits } from './types';

/** The 20 paylines of the 5×3 games: lines[i][reel] = row (0 top). */
export const LINES_20: number[][] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1], [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [0, 2, 2, 2, 0],
];

/**
 * A reel strip with `counts[symbol]` of each symbol in a seeded shuffle (deterministic), such that no two
 * `spaced` symbols stand closer than `gap` stops (circularly): at most one of them shows per window.
 */
export function buildStrip(counts: Record<string, number>, seed: number, spaced: string[] = [], gap = 3): string[] {
  const symbols = Object.entries(counts).flatMap(([id, n]) => Array.from({ length: n }, () => id));
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const rng = new Xoshiro128(seed * 7919 + attempt);
    const strip = symbols.slice();
    for (let i = strip.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [strip[i], strip[j]] = [strip[j]!, strip[i]!];
    }
    if (isSpaced(strip, spaced, gap)) return strip;
  }
  throw new Error('cannot space the strip: too many spaced symbols');
}

function isSpaced(strip: string[], spaced: string[], gap: number): boolean {
  const at = strip.flatMap((s, i) => (spaced.includes(s) ? [i] : []));
  for (let a = 0; a < at.length; a++) {
    for (let b = a + 1; b < at.length; b++) {
      const distance = at[b]! - at[a]!;
      if (Math.min(distance, strip.length - distance) < gap) return false;
    }
  }
  return true;
}

/** Classic strips: every symbol followed by a blank, in a seeded order. */
export function buildClassicStrip(counts: Record<string, number>, seed: number, blank: string): string[] {
  return buildStrip(counts, seed).flatMap((s) => [s, blank]);
}

/** Per-reel counts: `base` with a deterministic ±1 variation per symbol and reel (never below `min`). */
export function varyCounts(base: Record<string, number[]>, seed: number, fixed: string[] = []): Record<string, number>[] {
  const rng = new Xoshiro128(seed);
  const reels = Object.values(base)[0]!.length;
  return Array.from({ length: reels }, (_, reel) =>
    Object.fromEntries(
      Object.entries(base).map(([id, perReel]) => {
        const n = perReel[reel]!;
        if (fixed.includes(id) || n === 0) return [id, n];
        return [id, Math.max(1, n + rng.int(3) - 1)];
      }),
    ),
  );
}

/** Pays scaled by percent/100 and rounded (a zero stays zero, a positive pay stays at least 1). */
export function scalePays(pays: Record<string, number[]>, percent: number): Record<string, number[]> {
  return Object.fromEntries(Object.entries(pays).map(([id, values]) => [id, values.map((v) => scaleOne(v, percent))]));
}

export function scaleOne(value: number, percent: number): number {
  return value === 0 ? 0 : Math.max(1, Math.round((value * percent) / 100));
}

const NICE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000];

/**
 * Bet selector steps: the divisor times a 1-2-5 series, starting at the first step at or above `min`
 * and ending at the last at or below `max`. Every step is a multiple of the divisor, so wins are integers.
 */
export function betLimits(divisor: number, min: number, max: number): BetLimits {
  const start = NICE.find((c) => divisor * c >= min) ?? 1;
  const steps = NICE.filter((c) => c >= start).map((c) => divisor * c).filter((s) => s <= max);
  if (steps.length === 0) steps.push(divisor * start);
  return { min: steps[0]!, max: steps[steps.length - 1]!, steps };
}

/** Gold Coins are whole coins; Fortune Coins are hundredths (20 = 0.20 FC). */
export const GC_RANGE = { min: 100, max: 100_000 } as const;
export const FC_RANGE = { min: 20, max: 10_000 } as const;
