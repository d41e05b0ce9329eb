import { describe, expect, it } from 'vitest';
import { isPlausibleEmail, normalizeEmail } from './email';

describe('email rules', () => {
  it('normalizes case and surrounding spaces only', () => {
    expect(normalizeEmail('  Demo@SweepStack.Local ')).toBe('demo@sweepstack.local');
    expect(normalizeEmail('first.last+tag@example.com')).toBe('first.last+tag@example.com');
  });
  it('accepts plausible addresses and refuses others', () => {
    expect(isPlausibleEmail('a@b.co')).toBe(true);
    expect(isPlausibleEmail('a@b')).toBe(false);
    expect(isPlausibleEmail('a b@c.de')).toBe(false);
    expect(isPlausibleEmail('a@@c.de')).toBe(false);
    expect(isPlausibleEmail('a@c..de')).toBe(false);
    expect(isPlausibleEmail(`${'x'.repeat(250)}@c.de`)).toBe(false);
  });
});
