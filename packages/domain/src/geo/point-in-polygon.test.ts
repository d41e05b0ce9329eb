import { describe, expect, it } from 'vitest';
import { bboxOf, locate, pointInMultiPolygon, pointInPolygon, pointInRing, region } from './point-in-polygon';

const square = (x0: number, y0: number, size: number) => [
  [x0, y0],
  [x0 + size, y0],
  [x0 + size, y0 + size],
  [x0, y0 + size],
  [x0, y0],
];

describe('point in polygon', () => {
  it('ray casting over a ring', () => {
    const ring = square(0, 0, 10);
    expect(pointInRing(5, 5, ring)).toBe(true);
    expect(pointInRing(-1, 5, ring)).toBe(false);
    expect(pointInRing(5, 10.5, ring)).toBe(false);
    // A concave ring (an L): the notch is outside.
    const l = [[0, 0], [10, 0], [10, 4], [4, 4], [4, 10], [0, 10], [0, 0]];
    expect(pointInRing(2, 8, l)).toBe(true);
    expect(pointInRing(8, 8, l)).toBe(false);
    expect(pointInRing(8, 2, l)).toBe(true);
  });

  it('a hole is outside', () => {
    const donut = [square(0, 0, 10), square(3, 3, 4)];
    expect(pointInPolygon(1, 1, donut)).toBe(true);
    expect(pointInPolygon(5, 5, donut)).toBe(false);
    expect(pointInPolygon(11, 5, donut)).toBe(false);
  });

  it('a multipolygon: any of its parts, and an island inside a hole', () => {
    const shape = [[square(0, 0, 10), square(3, 3, 4)], [square(4, 4, 2)], [square(20, 20, 1)]];
    expect(pointInMultiPolygon(5, 5, shape)).toBe(true);
    expect(pointInMultiPolygon(3.5, 3.5, shape)).toBe(false);
    expect(pointInMultiPolygon(20.5, 20.5, shape)).toBe(true);
    expect(pointInMultiPolygon(15, 15, shape)).toBe(false);
  });

  it('bounding boxes per polygon, and locate answers the first region holding the point', () => {
    expect(bboxOf([[square(2, 3, 4)]])).toEqual({ minX: 2, minY: 3, maxX: 6, maxY: 7 });
    const regions = [region('A', [[square(0, 0, 10)], [square(100, 0, 1)]]), region('B', [[square(10, 0, 10)]])];
    expect(regions[0]!.boxes).toHaveLength(2);
    expect(locate(5, 5, regions)).toBe('A');
    expect(locate(100.5, 0.5, regions)).toBe('A');
    expect(locate(15, 5, regions)).toBe('B');
    // Between A's two parts: inside no box of A's islands, and not in B.
    expect(locate(50, 0.5, regions)).toBeNull();
  });
});
