/** Spec §5: auto-verification is shown only if enabled, available, and showOn includes the place. */
export function autoVerificationShown(data: { isEnabled: boolean; isAvailable: boolean; showOn: string[] } | null | undefined, place: 'profile' | 'redeem'): boolean {
  return Boolean(data && data.isEnabled && data.isAvailable && data.showOn.includes(place));
}
