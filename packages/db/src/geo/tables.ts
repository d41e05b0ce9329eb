import type { Generated } from 'kysely';

/**
 * The geo module's tables (docs/geo-restriction.md): the sandbox IP-location ranges (operator data,
 * seeded from content/geo/ip-ranges.json), the last place a location check found a player, and the
 * block reports of the geoblock flow.
 */
export interface GeoIpRangesTable {
  id: Generated<number>;
  /** Canonical CIDR (`203.0.113.0/24`, `2001:db8::/32`). */
  cidr: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** USPS code when the country is US and the state is known; else null. */
  state: string | null;
  note: string | null;
}

export interface PlayerLocationsTable {
  player_id: number;
  /** Which check found it: 'ip' (network address) or 'geo' (the device's coordinates). */
  source: 'ip' | 'geo';
  country: string;
  /** USPS code, or null outside the US. */
  state: string | null;
  located_at_ms: number;
}

export interface GeoBlockReportsTable {
  id: Generated<number>;
  /** Null for a guest. */
  player_id: number | null;
  /** Who is deduplicated: `player:<id>` or `ip:<address>` for a guest. */
  subject: string;
  app: 'geo' | 'system' | 'cloudflare' | 'maxmind';
  /** UTC day (YYYY-MM-DD): one report per subject, app and day. */
  day: string;
  ip: string;
  reason: string | null;
  /** The validated meta (JSON), or null. */
  meta_json: string | null;
  created_at_ms: number;
}

export interface GeoTables {
  geo_ip_ranges: GeoIpRangesTable;
  player_locations: PlayerLocationsTable;
  geo_block_reports: GeoBlockReportsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the module's tables
  interface Database extends GeoTables {}
}
