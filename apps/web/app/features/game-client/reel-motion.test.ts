import { describe, expect, it } from 'vitest';
import { anticipationFrom, fillerCount, landingAt, reelDurations, reelKeyframes } from './reel-motion';

describe('reel motion', () => {
  it('stops the reels left to right, faster in turbo, later from the anticipating reel on', () => {
    const normal = reelDurations(5, false);
    const turbo = reelDurations(5, true);
    for (let i = 1; i < 5; i++) expect(normal[i]!).toBeGreaterThan(normal[i - 1]!);
    turbo.forEach((ms, i) => expect(ms).toBeLessThan(normal[i]!));
    const anticipating = reelDurations(5, false, 3);
    expect(anticipating.slice(0, 3)).toEqual(normal.slice(0, 3));
    expect(anticipating[3]! - normal[3]!).toBeGreaterThan(800);
    expect(anticipating[4]! - anticipating[3]!).toBeGreaterThan(normal[4]! - normal[3]!);
  });

  it('starts on the grid shown, winds up, overshoots and lands exactly on the result', () => {
    const frames = reelKeyframes(20, 3);
    const y = (f: Keyframe) => Number(/translate3d\(0, (-?[\d.]+)%/.exec(String(f.transform))?.[1]);
    expect(y(frames[0]!)).toBeCloseTo(-85, 3); // (20 - 3) / 20: the old rows at the strip's end
    expect(y(frames[1]!)).toBeLessThan(y(frames[0]!)); // wind-up: a little further up first
    expect(Math.max(...frames.map(y))).toBeGreaterThan(0); // the bounce goes past the result
    expect(y(frames.at(-1)!)).toBe(0); // and settles on it
    expect(frames.map((f) => f.offset)).toEqual([...frames.map((f) => f.offset)].sort((a, b) => Number(a) - Number(b)));
  });

  it('keeps a constant top speed and lands before the animation ends', () => {
    expect(fillerCount(2000, false) / 2000).toBeCloseTo(fillerCount(1000, false) / 1000, 2);
    expect(landingAt(1000)).toBeLessThan(1000);
  });

  it('anticipates from the reel after the one that brings the feature within one symbol', () => {
    const grid = [['S', 'A', 'B'], ['A', 'B', 'C'], ['C', 'S', 'A'], ['A', 'B', 'C'], ['S', 'B', 'C']];
    expect(anticipationFrom(grid, 'S', 3)).toBe(3);
    expect(anticipationFrom([['S'], ['S'], ['A'], ['A'], ['A']], 'S', 3)).toBe(2);
    expect(anticipationFrom([['S'], ['A'], ['A'], ['A'], ['S']], 'S', 3)).toBe(-1);
    expect(anticipationFrom([['M', 'M', 'M'], ['M', 'M', 'A'], ['A'], ['A'], ['A']], 'M', 6)).toBe(2);
    expect(anticipationFrom(grid, null, 3)).toBe(-1);
  });
});
