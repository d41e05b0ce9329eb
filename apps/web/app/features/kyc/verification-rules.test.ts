import { describe, expect, it } from 'vitest';
import { autoVerificationShown } from './verification-rules';

describe('autoVerificationShown', () => {
  const on = { isEnabled: true, isAvailable: true, showOn: ['profile', 'redeem'] };
  it('needs enabled, available and the place in showOn', () => {
    expect(autoVerificationShown(on, 'profile')).toBe(true);
    expect(autoVerificationShown({ ...on, isEnabled: false }, 'profile')).toBe(false);
    expect(autoVerificationShown({ ...on, isAvailable: false }, 'profile')).toBe(false);
    expect(autoVerificationShown({ ...on, showOn: ['redeem'] }, 'profile')).toBe(false);
    expect(autoVerificationShown(null, 'profile')).toBe(false);
  });
});
