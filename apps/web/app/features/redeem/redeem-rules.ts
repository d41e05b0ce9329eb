export type RedeemMethod = 'bank' | 'gift_card';

/** What the player must fix first, in the order the server checks it (docs/kyc-and-redeem.md). */
export const REFUSAL_ORDER = ['REDEEM_NOT_AVAILABLE', 'REDEEM_WRONG_MODE', 'REDEEM_NOT_VERIFIED'] as const;

/** Fortune Coins typed with up to 2 decimals → hundredths; '' → null; anything else → undefined. */
export function parseCoinsInput(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
