import { z } from 'zod';
import { defineEvent } from '../events';

/** A purchase was paid and credited (docs/cashier.md); it carries the `deposit` push. */
export const CashierDepositCompleted = defineEvent(
  'cashier.deposit-completed',
  z.object({ paymentId: z.string(), packageId: z.string(), amountCents: z.number().int().nonnegative(), goldCoins: z.number().int().nonnegative(), fortuneCents: z.number().int().nonnegative() }),
);
/** The provider declined a payment (it carries the `paymentStatus` push). */
export const CashierPaymentDeclined = defineEvent('cashier.payment-declined', z.object({}));
/** A payment failed after its 3-D Secure challenge (it carries the `deposit` push). */
export const CashierPaymentFailed = defineEvent('cashier.payment-failed', z.object({}));
/** A payment needs a 3-D Secure challenge (it carries the `paymentStatus` push). */
export const CashierPayment3ds = defineEvent('cashier.payment-3ds', z.object({}));

declare module '../events' {
  interface EventCatalogue {
    'cashier.deposit-completed': typeof CashierDepositCompleted;
    'cashier.payment-declined': typeof CashierPaymentDeclined;
    'cashier.payment-failed': typeof CashierPaymentFailed;
    'cashier.payment-3ds': typeof CashierPayment3ds;
  }
}
