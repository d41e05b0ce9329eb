export type RedeemMethod = 'bank' | 'gift_card';

/** The methods in the order the form offers them. */
export const REDEEM_METHODS: readonly RedeemMethod[] = ['gift_card', 'bank'];

/** What the player must fix first, in the order the server checks it (docs/kyc-and-redeem.md). */
export const REFUSAL_ORDER = ['REDEEM_COOLING_OFF', 'REDEEM_SELF_EXCLUDED', 'REDEEM_NOT_AVAILABLE', 'REDEEM_WRONG_MODE', 'REDEEM_NOT_VERIFIED'] as const;

/** The methods whose minimum the redeemable winnings (FC hundredths) reach. */
export function eligibleMethods(redeemable: number, minimums: Record<RedeemMethod, number>): RedeemMethod[] {
  return REDEEM_METHODS.filter((method) => redeemable >= minimums[method]);
}

/**
 * The method the form starts on: the wanted one while the winnings reach its minimum, else the first
 * that they reach, else null (nothing can be redeemed: the insufficient withdrawal modal).
 */
export function methodToOffer(wanted: RedeemMethod, redeemable: number, minimums: Record<RedeemMethod, number>): RedeemMethod | null {
  const eligible = eligibleMethods(redeemable, minimums);
  return eligible.includes(wanted) ? wanted : (eligible[0] ?? null);
}

/** Fortune Coins typed with up to 2 decimals → hundredths; '' → null; anything else → undefined. */
export function parseCoinsInput(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
