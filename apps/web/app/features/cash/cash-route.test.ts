import { describe, expect, it } from 'vitest';
import { cashHash, challengeTarget, nextMethod, parseCashHash, presetOf, type CashRoute } from './cash-route';

describe('parseCashHash', () => {
  it('ignores hashes without cash', () => {
    expect(parseCashHash('')).toBeNull();
    expect(parseCashHash('#verify')).toBeNull();
  });
  it('parses every inner route of the spec', () => {
    expect(parseCashHash('#/cash/deposit-by-money/')?.route).toEqual({ kind: 'deposit' });
    expect(parseCashHash('#/cash/deposit-by-money/gc-10/promoOffer/')?.route).toEqual({ kind: 'promo-offer', presetId: 'gc-10', outsidePromoOffer: false });
    expect(parseCashHash('#/cash/deposit-by-money/gc-10/promoOffer/?outside-promo-offer=true')?.route).toEqual({ kind: 'promo-offer', presetId: 'gc-10', outsidePromoOffer: true });
    expect(parseCashHash('#/cash/deposit-by-money/gc-10/preset/?inviteQualification=true')?.route).toEqual({ kind: 'preset', presetId: 'gc-10', inviteQualification: true });
    expect(parseCashHash('#/cash/success/')?.route).toEqual({ kind: 'success' });
    expect(parseCashHash('#/cash/failed/')?.route).toEqual({ kind: 'failed' });
    expect(parseCashHash('#/cash/failed/gc-10/preset/card')?.route).toEqual({ kind: 'failed-next', presetId: 'gc-10', offerType: 'preset', methodId: 'card' });
    expect(parseCashHash('#/cash/redeem/')?.route).toEqual({ kind: 'redeem' });
  });
  it('falls back to the package list for unknown or malformed inner paths', () => {
    expect(parseCashHash('#cash')?.route).toEqual({ kind: 'deposit' });
    expect(parseCashHash('#/cash/whatever/x/')?.route).toEqual({ kind: 'deposit' });
    expect(parseCashHash('#/cash/deposit-by-money/<script>/preset/')?.route).toEqual({ kind: 'deposit' });
    expect(parseCashHash('#/cash/failed/a/b')?.route).toEqual({ kind: 'failed' });
  });
  it('flags the cashIframe path', () => {
    expect(parseCashHash('#/cashIframe/deposit-by-money/')).toEqual({ route: { kind: 'deposit' }, cashIframe: true });
    expect(parseCashHash('#/cash/success/')?.cashIframe).toBe(false);
  });
  it('cashHash round-trips', () => {
    const routes: CashRoute[] = [
      { kind: 'deposit' },
      { kind: 'promo-offer', presetId: 'p1', outsidePromoOffer: true },
      { kind: 'preset', presetId: 'p1', inviteQualification: true },
      { kind: 'success' },
      { kind: 'failed' },
      { kind: 'failed-next', presetId: 'p1', offerType: 'preset', methodId: 'bank' },
      { kind: 'redeem' },
    ];
    for (const route of routes) expect(parseCashHash(cashHash(route))?.route).toEqual(route);
  });
  it('presetOf', () => {
    expect(presetOf({ kind: 'deposit' })).toBeNull();
    expect(presetOf({ kind: 'failed-next', presetId: 'x', offerType: 'preset', methodId: 'card' })).toBe('x');
  });
});

describe('nextMethod', () => {
  it('moves to the next method in order and ends after the last', () => {
    expect(nextMethod('card')).toBe('bank');
    expect(nextMethod('bank')).toBe('apple_pay');
    expect(nextMethod('apple_pay')).toBeNull();
  });
  it('respects the available list', () => {
    expect(nextMethod('card', ['card', 'apple_pay'])).toBe('apple_pay');
    expect(nextMethod('unknown', ['bank'])).toBe('bank');
    expect(nextMethod('card', [])).toBeNull();
  });
});

describe('concernsCurrent', async () => {
  const { concernsCurrent } = await import('./cash-store');
  it('matches this tab’s payment, else any payment while the widget is open', () => {
    expect(concernsCurrent('pay_1', 'pay_1', false)).toBe(true);
    expect(concernsCurrent('pay_2', 'pay_1', true)).toBe(false);
    expect(concernsCurrent(undefined, 'pay_1', false)).toBe(true);
    expect(concernsCurrent('pay_2', null, true)).toBe(true);
    expect(concernsCurrent('pay_2', null, false)).toBe(false);
  });
});

describe('challengeTarget', () => {
  const origin = 'http://127.0.0.1:3210';
  it('frames pages of this origin and the sandbox bank of this server', () => {
    expect(challengeTarget('http://127.0.0.1:3210/sandbox/3ds/sbx_pay_1', origin)).toEqual({ kind: 'frame', src: 'http://127.0.0.1:3210/sandbox/3ds/sbx_pay_1' });
    expect(challengeTarget('http://localhost:3210/sandbox/3ds/sbx_pay_1', origin)).toEqual({ kind: 'frame', src: '/sandbox/3ds/sbx_pay_1' });
  });
  it('opens other banks in a popup and never a script URL', () => {
    expect(challengeTarget('https://bank.example/acs?x=1', origin)).toEqual({ kind: 'popup', src: 'https://bank.example/acs?x=1' });
    expect(challengeTarget('javascript:alert(1)', origin).src).toBe('about:blank');
  });
});
