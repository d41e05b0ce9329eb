import { z } from 'zod';
import { GIFT_CARD_BRANDS } from './gift-card-brands';
import { ZRedemptionView } from './redemption';

// ABA routing numbers carry a checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
function validRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

const amount = z.number({ error: 'A whole number of FC hundredths' }).int('A whole number of FC hundredths (no fractions)').positive('Must be more than zero').max(100_000_000, 'Too large');
const idempotencyKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{7,99}$/, '8-100 letters, digits, _ . : -');

/** POST /rest/cash/redeem/: redeem `amount` FC hundredths to a bank account or a gift card. A retried key answers the first redemption. */
export const ZRedeemRequest = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('bank'),
    amount,
    idempotencyKey,
    details: z.strictObject({
      accountHolder: z.string().trim().min(2).max(120).regex(/^[\p{L} .'-]+$/u, 'Letters, spaces, . \' - only'),
      routingNumber: z.string().refine(validRoutingNumber, 'A valid 9-digit ABA routing number'),
      accountNumber: z.string().regex(/^\d{4,17}$/, '4 to 17 digits'),
      accountType: z.enum(['checking', 'savings']),
    }),
  }),
  z.strictObject({
    method: z.literal('gift_card'),
    amount,
    idempotencyKey,
    details: z.strictObject({ brand: z.enum(GIFT_CARD_BRANDS), email: z.email().max(254) }),
  }),
]);
export type RedeemRequest = z.infer<typeof ZRedeemRequest>;

/** The redemption placed (pending, its coins held), `replayed` when the key had been used. */
export const ZRedeemResponse = z.object({ success: z.literal(true), replayed: z.boolean(), data: ZRedemptionView });
export type RedeemResponse = z.infer<typeof ZRedeemResponse>;
