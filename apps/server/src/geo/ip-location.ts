import { listIpRanges } from '@sweepstack/db/geo/repository';
import type { LocatedPlace } from '@sweepstack/domain/geo/location-check';
import type { AppDeps } from '../app-context';
import { matchRange, parseIp, prepareRanges } from './ip-ranges';

/**
 * Where a network address is (docs/geo-restriction.md, "Location check by network address"). A
 * commercial IP-location service (MaxMind) is an edge this server cannot reach in development and
 * tests; it plugs in behind this interface. The sandbox provider answers from operator data.
 */
export interface IpLocationProvider {
  readonly name: string;
  /** The place of the address, or null when it cannot be placed. */
  locate(ip: string): Promise<LocatedPlace | null>;
}

/** How long the sandbox keeps the ranges it read: an operator edit applies within this. */
export const IP_RANGES_TTL_MS = 10_000;

/**
 * The sandbox provider: the most specific range of `geo_ip_ranges` (seeded from content/geo/ip-ranges.json)
 * holding the address. A loopback, private, link-local or other non-public address is never placed
 * (null) unless a range names it, and neither is a public one no range holds.
 */
export function sandboxIpLocationProvider(deps: Pick<AppDeps, 'database' | 'clock'>): IpLocationProvider {
  let cached: { atMs: number; ranges: ReturnType<typeof prepareRanges<LocatedPlace>> } | null = null;
  async function ranges() {
    const now = deps.clock.nowMs();
    if (cached === null || now - cached.atMs > IP_RANGES_TTL_MS || now < cached.atMs) {
      const rows = await listIpRanges(deps.database.db);
      cached = { atMs: now, ranges: prepareRanges(rows.map((r) => ({ cidr: r.cidr, value: { country: r.country, state: r.state } }))) };
    }
    return cached.ranges;
  }
  return {
    name: 'sandbox',
    async locate(ip) {
      const address = parseIp(ip);
      if (address === null) return null;
      return matchRange(address, await ranges());
    },
  };
}
