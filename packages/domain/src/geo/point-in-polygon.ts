/**
 * Point-in-polygon by ray casting (even-odd rule) over GeoJSON-style coordinates, [longitude, latitude].
 * A polygon is an outer ring followed by its holes; a multipolygon is a list of polygons. The even-odd
 * rule over all rings of a polygon answers "inside the outer ring and outside every hole". Used by the
 * location check (docs/geo-restriction.md, "Location check by coordinates").
 */
export type Position = readonly [number, number] | readonly number[];
export type Ring = readonly Position[];
export type Polygon = readonly Ring[];
export type MultiPolygon = readonly Polygon[];

export interface BBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** True when (x, y) is inside the ring (a point exactly on an edge may answer either way). */
export function pointInRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and in none of the holes. */
export function pointInPolygon(x: number, y: number, polygon: Polygon): boolean {
  const [outer, ...holes] = polygon;
  if (!outer || !pointInRing(x, y, outer)) return false;
  return !holes.some((hole) => pointInRing(x, y, hole));
}

export function pointInMultiPolygon(x: number, y: number, polygons: MultiPolygon): boolean {
  return polygons.some((polygon) => pointInPolygon(x, y, polygon));
}

/** The bounding box of every outer ring of the shape. */
export function bboxOf(polygons: MultiPolygon): BBox {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0] ?? []) {
      if (x! < box.minX) box.minX = x!;
      if (x! > box.maxX) box.maxX = x!;
      if (y! < box.minY) box.minY = y!;
      if (y! > box.maxY) box.maxY = y!;
    }
  }
  return box;
}

export function inBBox(x: number, y: number, box: BBox): boolean {
  return x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY;
}

export interface Region<T> {
  value: T;
  polygons: MultiPolygon;
  /** One box per polygon (a state's islands far apart do not widen each other's box). */
  boxes: BBox[];
}

/** Prepares a shape for `locate`: a bounding box per polygon. */
export function region<T>(value: T, polygons: MultiPolygon): Region<T> {
  return { value, polygons, boxes: polygons.map((p) => bboxOf([p])) };
}

/** The first region containing (x, y), testing only the polygons whose box holds the point; null when none. */
export function locate<T>(x: number, y: number, regions: readonly Region<T>[]): T | null {
  for (const r of regions) {
    for (let i = 0; i < r.polygons.length; i++) {
      if (inBBox(x, y, r.boxes[i]!) && pointInPolygon(x, y, r.polygons[i]!)) return r.value;
    }
  }
  return null;
}
