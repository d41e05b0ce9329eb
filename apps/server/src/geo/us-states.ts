import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { locate, region, type MultiPolygon, type Region } from '@sweepstack/domain/geo/point-in-polygon';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Coordinates -> US state by point-in-polygon over the US Census Bureau's state boundaries at 1:10m,
 * as packaged by `us-atlas` (states-10m.json, ISC; the data are public domain; content/legal-pages
 * credits). Loaded once, on the first check, and indexed by a bounding box per polygon
 * (docs/geo-restriction.md, "Location check by coordinates"). The libraries are imported on that
 * first check too, so the server starts without them.
 */

export interface UsArea {
  /** USPS code. */
  code: string;
  name: string;
  /** False for the territories (PR, GU, VI, AS, MP): outside the service area. */
  inServiceArea: boolean;
}

/** FIPS state code -> USPS code. The service area is the 50 states and DC. */
const FIPS: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC', '12': 'FL',
  '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY', '22': 'LA', '23': 'ME',
  '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT', '31': 'NE', '32': 'NV', '33': 'NH',
  '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH', '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI',
  '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT', '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI',
  '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP', '72': 'PR', '78': 'VI',
};
const TERRITORIES = new Set(['AS', 'GU', 'MP', 'PR', 'VI']);

let regions: Promise<Region<UsArea>[]> | null = null;

async function load(): Promise<Region<UsArea>[]> {
  const { feature } = await import('topojson-client');
  const file = createRequire(import.meta.url).resolve('us-atlas/states-10m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.states);
  const out: Region<UsArea>[] = [];
  for (const f of collection.features) {
    const code = FIPS[String(f.id)];
    if (!code || !f.geometry) continue;
    const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []) as MultiPolygon;
    out.push(region({ code, name: f.properties?.name ?? code, inServiceArea: !TERRITORIES.has(code) }, polygons));
  }
  return out;
}

/** The US state or territory holding the point, or null (outside the US, or at sea). */
export async function locateUsArea(latitude: number, longitude: number): Promise<UsArea | null> {
  regions ??= load().catch((error: unknown) => {
    regions = null;
    throw error;
  });
  return locate(longitude, latitude, await regions);
}
