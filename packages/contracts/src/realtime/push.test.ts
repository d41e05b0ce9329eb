import { describe, expect, it } from 'vitest';
import { verificationStatusOf } from './player-verification';
import { pushTypes, ZPushEnvelope, ZPushMessage } from './push';

describe('push contract', () => {
  it('accepts each documented push', () => {
    const good = [
      { type: 'gameMode', action: 'changed', data: { gameMode: 'SweepStakes' } },
      { type: 'balance', action: 'update', data: { entries: 1050, winnings: 50, tourPoints: 20000, coins: 20000 } },
      { type: 'paymentStatus', action: 'refresh', data: {} },
      { type: 'paymentStatus', action: 'decline', data: { message: null } },
      { type: 'paymentStatus', action: '3ds', data: { paymentId: 'p1', challengeUrl: '/cash/3ds/p1' } },
      { type: 'deposit', action: 'complete', data: { paymentId: 'p1', amountCents: 999, depositsCount: 1, isFirstDeposit: true } },
      { type: 'deposit', action: 'failed-complete', data: { paymentId: 'p1', message: 'Card declined' } },
      { type: 'playerVerification', action: 'apple_pay_success' },
      { type: 'jackpot', action: 'update', data: { currency: 'GC', value: 5_000_000, won: null } },
      { type: 'jackpot', action: 'update', data: { currency: 'FC', value: 500_000, won: { amount: 612_345, winner: 'ja****' } } },
    ];
    for (const message of good) expect(ZPushMessage.safeParse(message).success, JSON.stringify(message)).toBe(true);
    expect(pushTypes()).toEqual(['gameMode', 'balance', 'paymentStatus', 'deposit', 'playerVerification', 'jackpot', 'redeem']);
  });

  it('refuses unknown types, unknown actions and wrong data', () => {
    const bad = [
      { type: 'nope', action: 'x', data: {} },
      { type: 'gameMode', action: 'flipped', data: { gameMode: 'SweepStakes' } },
      { type: 'gameMode', action: 'changed', data: { gameMode: 'Cash' } },
      { type: 'balance', action: 'update', data: { entries: -1, winnings: 0, tourPoints: 0, coins: 0 } },
      { type: 'balance', action: 'update', data: { entries: 1.5, winnings: 0, tourPoints: 0, coins: 0 } },
      { type: 'paymentStatus', action: '3ds', data: {} },
      { type: 'playerVerification', action: 'approved' },
      { type: 'jackpot', action: 'update', data: { currency: 'USD', value: 1, won: null } },
      { type: 'jackpot', action: 'update', data: { currency: 'GC', value: 1.5, won: null } },
    ];
    for (const message of bad) expect(ZPushMessage.safeParse(message).success, JSON.stringify(message)).toBe(false);
    expect(ZPushEnvelope.safeParse({ eventId: 0, message: bad[0] }).success).toBe(false);
  });

  it('maps verification actions to statuses', () => {
    expect(verificationStatusOf('success')).toBe('approved');
    expect(verificationStatusOf('apple_pay_failed')).toBe('rejected');
    expect(verificationStatusOf('duplicate')).toBe('duplicateCredentials');
    expect(verificationStatusOf('surveyRequired')).toBeNull();
  });
});
