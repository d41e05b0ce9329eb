import { describe, expect, it } from 'vitest';
import { campaignProblems, grantUnavailability, HOUR_MS, parseMessageId } from './rules';

describe('bonus rules', () => {
  it('reads a message id made of digits only (spec §5), and tells an impossible number from a non-number', () => {
    expect(parseMessageId('42')).toBe(42);
    expect(parseMessageId(' 7 ')).toBe(7);
    expect(parseMessageId(42)).toBe(42);
    expect(parseMessageId('0')).toBeNull();
    expect(parseMessageId('99999999999')).toBeNull();
    for (const bad of ['', 'abc', '12a', '-3', '1.5', '1e3', '0x10', '1234567890123456', 4.2, -1, null, undefined, {}]) expect(parseMessageId(bad), String(bad)).toBeUndefined();
  });

  it('a grant is claimable only while pending, before its end and with its campaign on', () => {
    const grant = { status: 'pending' as const, expiresAtMs: 1000 };
    expect(grantUnavailability(grant, true, 999)).toBeNull();
    expect(grantUnavailability(grant, true, 1000)).toBe('expired');
    expect(grantUnavailability(grant, false, 999)).toBe('campaignInactive');
    expect(grantUnavailability({ ...grant, status: 'credited' }, true, 0)).toBe('alreadyCredited');
    expect(grantUnavailability({ ...grant, status: 'revoked' }, true, 0)).toBe('revoked');
  });

  it('bounds a campaign: small free entries, spins on a game at a bet level, lifetimes from an hour to 30 days', () => {
    expect(campaignProblems({ bonusType: 'freeEntries', amountCents: 500, claimLifetimeMs: 72 * HOUR_MS })).toEqual([]);
    expect(campaignProblems({ bonusType: 'freeEntries', amountCents: 0, claimLifetimeMs: 72 * HOUR_MS })).toHaveLength(1);
    expect(campaignProblems({ bonusType: 'freeEntries', amountCents: 10_001, claimLifetimeMs: 60_000 })).toHaveLength(2);
    const spins = { bonusType: 'freeSpins' as const, gameId: 3, spinsCount: 10, betLevel: 1, spinsCurrency: 'FC' as const, spinsLifetimeMs: 7 * 24 * HOUR_MS, claimLifetimeMs: 48 * HOUR_MS };
    expect(campaignProblems(spins)).toEqual([]);
    expect(campaignProblems({ ...spins, spinsCount: 201, betLevel: 0, spinsLifetimeMs: 31 * 24 * HOUR_MS })).toHaveLength(3);
  });
});
