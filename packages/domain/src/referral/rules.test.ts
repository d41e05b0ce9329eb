import { describe, expect, it } from 'vitest';
import { DEFAULT_REFERRAL_SETTINGS, lateCodeAllowed, linkRefusal, maskFriend, normalizeReferralCode, qualifies, settingsProblems, sharesCard, sharesDevice, stepsReached, topUp } from './rules';

const base = { friendId: 2, referrerId: 1, referrerAncestors: [] as number[], friendHasReferrer: false, referrerActive: true };

describe('referral rules', () => {
  it('refuses self-referral, loops up the chain, a second referrer and an inactive referrer', () => {
    expect(linkRefusal(base)).toBeNull();
    expect(linkRefusal({ ...base, referrerId: 2 })).toBe('selfReferral');
    expect(linkRefusal({ ...base, referrerAncestors: [2] })).toBe('loop');
    expect(linkRefusal({ ...base, referrerAncestors: [7, 2] })).toBe('loop');
    expect(linkRefusal({ ...base, friendHasReferrer: true })).toBe('alreadyInvited');
    expect(linkRefusal({ ...base, referrerActive: false })).toBe('referrerNotActive');
  });

  it('accepts a late code within the window and before the first purchase only', () => {
    const day = 86_400_000;
    expect(lateCodeAllowed(0, 7 * day, 7, false)).toBe(true);
    expect(lateCodeAllowed(0, 7 * day + 1, 7, false)).toBe(false);
    expect(lateCodeAllowed(0, day, 7, true)).toBe(false);
  });

  it('matches a device by IP and user agent together, and a card by brand and last four', () => {
    expect(sharesDevice([{ ip: '1.2.3.4', userAgent: 'A' }], [{ ip: '1.2.3.4', userAgent: 'A' }])).toBe(true);
    expect(sharesDevice([{ ip: '1.2.3.4', userAgent: 'A' }], [{ ip: '1.2.3.4', userAgent: 'B' }])).toBe(false);
    expect(sharesDevice([{ ip: null, userAgent: null }], [{ ip: null, userAgent: null }])).toBe(false);
    expect(sharesCard([{ last4: '4242', brand: 'visa' }], [{ last4: '4242', brand: 'visa' }])).toBe(true);
    expect(sharesCard([{ last4: '4242', brand: 'visa' }], [{ last4: '4242', brand: 'mastercard' }])).toBe(false);
    expect(sharesCard([{ last4: null, brand: null }], [{ last4: null, brand: null }])).toBe(false);
  });

  it('normalizes codes, masks friends and counts steps', () => {
    expect(normalizeReferralCode(' ab12cd ')).toBe('AB12CD');
    expect(normalizeReferralCode('<script>')).toBeNull();
    expect(normalizeReferralCode(undefined)).toBeNull();
    expect(maskFriend('ada.lovelace@example.com')).toBe('a***@e***.com');
    const progress = { emailConfirmed: true, phoneConfirmed: false, profileComplete: true, identityVerified: true, hasPurchased: false };
    expect(stepsReached(progress)).toEqual(['registration', 'emailConfirmation', 'profileComplete']);
    expect(qualifies(progress)).toBe(false);
    expect(qualifies({ ...progress, hasPurchased: true })).toBe(true);
    expect(topUp({ coins: 5, entriesCents: 1 }, { coins: 2, entriesCents: 3 })).toEqual({ coins: 3, entriesCents: 0 });
  });

  it('validates settings', () => {
    expect(settingsProblems(DEFAULT_REFERRAL_SETTINGS)).toEqual([]);
    expect(settingsProblems({ ...DEFAULT_REFERRAL_SETTINGS, dailyCapPerReferrer: -1 })).toHaveLength(1);
    expect(settingsProblems({ ...DEFAULT_REFERRAL_SETTINGS, qualificationReward: { coins: 1.5, entriesCents: 0 } })).toHaveLength(1);
  });
});
