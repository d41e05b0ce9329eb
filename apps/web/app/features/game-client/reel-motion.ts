/**
 * The motion of the reels, as numbers (pure, tested): how long each reel spins, how many blurred symbols
 * pass, and the keyframes of one reel: a short wind-up, acceleration, full speed, then a landing that
 * overshoots and bounces back onto the server's result. Every reel ends at translate 0, i.e. exactly on
 * the rows it was given.
 */

/** Reels from `from` on spin longer, glowing: the feature is one symbol away. -1: no anticipation. */
export function reelDurations(reels: number, turbo: boolean, anticipateFrom = -1): number[] {
  return Array.from({ length: reels }, (_, reel) => {
    const base = (turbo ? 320 : 820) + reel * (turbo ? 70 : 210);
    const extra = anticipateFrom >= 0 && reel >= anticipateFrom ? (reel - anticipateFrom + 1) * (turbo ? 450 : 1100) : 0;
    return base + extra;
  });
}

/** Blurred symbols that pass by in `duration` ms (a constant top speed whatever the duration). */
export function fillerCount(duration: number, turbo: boolean): number {
  return Math.max(6, Math.round(duration / (turbo ? 26 : 42)));
}

/**
 * Keyframes of a reel strip of `cells` symbols of which `rows` show: from showing the last `rows`
 * (the grid before) to showing the first `rows` (the result). Percentages of the strip's own height.
 */
export function reelKeyframes(cells: number, rows: number): Keyframe[] {
  const row = 100 / cells;
  const travel = (cells - rows) * row;
  const y = (v: number) => `translate3d(0, ${v.toFixed(3)}%, 0)`;
  return [
    { offset: 0, transform: y(-travel), easing: 'cubic-bezier(.3,0,.6,1)' },
    { offset: 0.07, transform: y(-travel - row * 0.22), easing: 'cubic-bezier(.55,0,1,.6)' },
    { offset: 0.22, transform: y(-travel * 0.86), easing: 'linear' },
    { offset: 0.82, transform: y(-row * 0.9), easing: 'cubic-bezier(0,.4,.4,1)' },
    { offset: 0.93, transform: y(row * 0.2), easing: 'cubic-bezier(.4,0,.4,1)' },
    { offset: 1, transform: y(0) },
  ];
}

/** The moment (ms from the start) the reel lands: the bounce's lowest point. */
export function landingAt(duration: number): number {
  return Math.round(duration * 0.93);
}

/**
 * The first reel that anticipates: the feature needs `trigger` of `symbol` and the reels before it
 * already hold `trigger - 1` (and at least one reel is left to land). -1 when no reel does.
 */
export function anticipationFrom(grid: readonly (readonly string[])[], symbol: string | null, trigger: number): number {
  if (!symbol || trigger < 2) return -1;
  let seen = 0;
  for (let reel = 0; reel < grid.length; reel++) {
    if (seen >= trigger - 1) return reel;
    seen += (grid[reel] ?? []).filter((s) => s === symbol).length;
  }
  return -1;
}
