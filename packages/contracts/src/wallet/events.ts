import { z } from 'zod';
import { defineEvent } from '../events';

/** A player's coins moved outside play (purchase, redemption…): it carries the `balance` push. */
export const WalletBalanceChanged = defineEvent('wallet.balance-changed', z.object({ reason: z.string().nullable(), unplayed: z.unknown().optional() }));

declare module '../events' {
  interface EventCatalogue {
    'wallet.balance-changed': typeof WalletBalanceChanged;
  }
}
