import { type CompiledReels } from '../engines/slot-core';

/** The distinct windows of one reel (symbols top to bottom) with how many stops show each. */
export function distinctWindows(reels: CompiledReels, reel: number): { windows: Int32Array[]; weights: number[] } {
  const strip = reels.strips[reel]!;
  const byKey = new Map<string, { window: Int32Array; weight: number }>();
  for (let stop = 0; stop < strip.length; stop++) {
    const window = new Int32Array(reels.rows);
    for (let row = 0; row < reels.rows; row++) window[row] = strip[(stop + row) % strip.length]!;
    const key = window.join(',');
    const entry = byKey.get(key);
    if (entry) entry.weight++;
    else byKey.set(key, { window, weight: 1 });
  }
  const entries = [...byKey.values()];
  return { windows: entries.map((e) => e.window), weights: entries.map((e) => e.weight) };
}

/**
 * Visits every combination of reel stops once, grouped by identical windows: `visit(grid, weight)`
 * gets the full grid (cell = reel * rows + row) and the number of stop combinations showing it.
 * The weights add up to the product of the reel lengths.
 */
export function enumerateGrids(reels: CompiledReels, visit: (grid: Int32Array, weight: number) => void): void {
  const rows = reels.rows;
  const perReel = Array.from({ length: reels.reelCount }, (_, r) => distinctWindows(reels, r));
  const grid = new Int32Array(reels.reelCount * rows);
  const last = reels.reelCount - 1;
  const walk = (reel: number, weight: number): void => {
    const { windows, weights } = perReel[reel]!;
    const offset = reel * rows;
    for (let i = 0; i < windows.length; i++) {
      const window = windows[i]!;
      for (let row = 0; row < rows; row++) grid[offset + row] = window[row]!;
      const w = weight * weights[i]!;
      if (reel === last) visit(grid, w);
      else walk(reel + 1, w);
    }
  };
  walk(0, 1);
}
