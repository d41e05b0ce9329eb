/**
 * The key an email is unique by: trimmed and lower-cased (Unicode-normalized). Provider-specific
 * rules (dots and plus tags at some providers) are not applied: they differ per provider.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** A pragmatic address check: one @, a non-empty local part, a dotted domain, no spaces, ≤ 254 chars. */
export function isPlausibleEmail(email: string): boolean {
  if (email.length > 254) return false;
  return /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}
