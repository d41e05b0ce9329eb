/**
 * The scenario both renderers play in the frame-time bench (bench/game-frames.bench.ts): the same game's
 * symbol files, the same grids, the same reel timings (reel-motion.ts), the same celebration.
 */
export const SLUG = 'reef-raiders';
export const SYMBOLS = ['H1', 'H2', 'H3', 'H4', 'L1', 'L2', 'L3', 'L4', 'S', 'W'] as const;

/** A deterministic grid sequence (5 reels × 3 rows). */
export function grid(seed: number): string[][] {
  let s = seed * 9301 + 49297;
  const next = () => {
    s = (s * 9301 + 49297) % 233280;
    return s / 233280;
  };
  return Array.from({ length: 5 }, () => Array.from({ length: 3 }, () => SYMBOLS[Math.floor(next() * SYMBOLS.length)]!));
}

/** The winning line of the big win: the middle row. */
export const WIN_LINE: [number, number][] = [
  [0, 1],
  [1, 1],
  [2, 1],
  [3, 1],
  [4, 1],
];

export const BIG_WIN_AMOUNT = 48_250;
export const BIG_WIN_MS = 4500;

export interface FrameBench {
  ready: Promise<void>;
  spin(seed: number): Promise<void>;
  bigWin(): Promise<void>;
}

declare global {
  interface Window {
    bench?: FrameBench;
  }
}
