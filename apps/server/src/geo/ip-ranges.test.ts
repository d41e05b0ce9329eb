import { describe, expect, it } from 'vitest';
import { ipRangeKind, matchRange, parseIp, prepareRanges } from './ip-ranges';

describe('CIDR matching', () => {
  const ranges = prepareRanges([
    { cidr: '203.0.113.0/24', value: 'wide' },
    { cidr: '203.0.113.128/25', value: 'upper' },
    { cidr: '198.51.100.0/24', value: 'WA' },
    { cidr: '2001:db8::/32', value: 'v6' },
    { cidr: 'not-a-cidr', value: 'never' },
  ]);

  it('matches by range, the most specific first, and skips a bad row', () => {
    expect(ranges).toHaveLength(4);
    expect(matchRange(parseIp('203.0.113.5')!, ranges)).toBe('wide');
    expect(matchRange(parseIp('203.0.113.200')!, ranges)).toBe('upper');
    expect(matchRange(parseIp('198.51.100.255')!, ranges)).toBe('WA');
    expect(matchRange(parseIp('198.51.101.0')!, ranges)).toBeNull();
    expect(matchRange(parseIp('2001:db8:1::7')!, ranges)).toBe('v6');
    expect(matchRange(parseIp('2001:db9::1')!, ranges)).toBeNull();
  });

  it('unwraps IPv4-mapped IPv6, and refuses what is not an address', () => {
    expect(matchRange(parseIp('::ffff:198.51.100.7')!, ranges)).toBe('WA');
    expect(parseIp('300.1.1.1')).toBeNull();
    expect(parseIp('hello')).toBeNull();
    expect(parseIp('')).toBeNull();
  });

  it('names the ranges no location service can place', () => {
    expect(ipRangeKind(parseIp('127.0.0.1')!)).toBe('loopback');
    expect(ipRangeKind(parseIp('::1')!)).toBe('loopback');
    expect(ipRangeKind(parseIp('10.1.2.3')!)).toBe('private');
    expect(ipRangeKind(parseIp('192.168.0.9')!)).toBe('private');
    expect(ipRangeKind(parseIp('fd00::1')!)).toBe('uniqueLocal');
    expect(ipRangeKind(parseIp('8.8.8.8')!)).toBe('unicast');
  });
});
