/**
 * The sign-up page leaves this mark (session storage) for the player home it sends the new player to:
 * the first thing that page shows is the sign-up gift (features/auth/ui/signup-gift-modal.tsx), and
 * the preset package offer comes only after it is acknowledged (features/cash/preset-package.tsx).
 */
export const SIGNUP_GIFT_MARK = 'sweepstack_signup_gift';

/** Set by the sign-up page right before it leaves for the player home. */
export function markSignupGift(): void {
  try {
    window.sessionStorage.setItem(SIGNUP_GIFT_MARK, '1');
  } catch {
    // No storage: the gift is still stated under the welcome heading; only the modal is skipped.
  }
}

/** Whether the sign-up gift is still to be acknowledged in this tab; reading clears the mark (shown once). */
export function takeSignupGiftMark(): boolean {
  try {
    const marked = window.sessionStorage.getItem(SIGNUP_GIFT_MARK) === '1';
    window.sessionStorage.removeItem(SIGNUP_GIFT_MARK);
    return marked;
  } catch {
    return false;
  }
}
