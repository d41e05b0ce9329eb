import ipaddr from 'ipaddr.js';

/**
 * CIDR matching for the sandbox IP-location provider (docs/geo-restriction.md). An IPv4 address seen
 * as IPv4-mapped IPv6 (`::ffff:203.0.113.9`, what a dual-stack socket reports) is matched as IPv4.
 */

export interface IpRange<T> {
  cidr: string;
  value: T;
}

interface ParsedRange<T> {
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  value: T;
}

/** The address, IPv4-mapped IPv6 unwrapped; null when the text is not an IP address. */
export function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(text)) return null;
  const address = ipaddr.parse(text);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/**
 * The address's range kind by RFC (ipaddr.js): `unicast` for a public address; loopback, private,
 * linkLocal, uniqueLocal, carrierGradeNat… for addresses no location service can place.
 */
export function ipRangeKind(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  return address.range();
}

/** Ranges prepared for matching; a range whose CIDR does not parse is skipped. Longest prefix wins. */
export function prepareRanges<T>(ranges: readonly IpRange<T>[]): ParsedRange<T>[] {
  const out: ParsedRange<T>[] = [];
  for (const r of ranges) {
    try {
      const [address, bits] = ipaddr.parseCIDR(r.cidr);
      out.push({ range: [address, bits], value: r.value });
    } catch {
      // Seeded ranges are validated; an operator's bad row matches nothing rather than failing checks.
    }
  }
  return out.sort((a, b) => b.range[1] - a.range[1]);
}

/** The value of the most specific range holding the address, or null. */
export function matchRange<T>(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: readonly ParsedRange<T>[]): T | null {
  for (const r of ranges) {
    if (r.range[0].kind() === address.kind() && address.match(r.range)) return r.value;
  }
  return null;
}
