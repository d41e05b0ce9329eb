import { create } from 'zustand';
import type { PaymentMethod } from './cash-route';

/** Where the purchase in this tab stands (the pushes and the deposit answer move it). */
export type DepositStep = 'packages' | 'method' | 'details' | 'processing' | 'challenge';

export interface CashState {
  step: DepositStep;
  presetId: string | null;
  method: PaymentMethod | null;
  paymentId: string | null;
  challengeUrl: string | null;
  /** The last decline or failure message (shown on the failed page). */
  message: string | null;
  /** The package bought last, for the success page (its receipt reads the payment). */
  completed: { presetId: string | null; amountCents: number; paymentId: string | null } | null;
  /** True while the cashIframe path is open: the support chat (when it exists) hides itself. */
  supportChatHidden: boolean;
  set(patch: Partial<Omit<CashState, 'set' | 'reset'>>): void;
  reset(): void;
}

const INITIAL = { step: 'packages' as DepositStep, presetId: null, method: null, paymentId: null, challengeUrl: null, message: null, completed: null, supportChatHidden: false };

export const useCash = create<CashState>((set) => ({
  ...INITIAL,
  set: (patch) => set(patch),
  reset: () => set(INITIAL),
}));

/**
 * Whether a push about `paymentId` concerns this tab: its own purchase, or, when this tab lost track
 * of it (a reload during 3-D Secure), any purchase while the cashbox is open here.
 */
export function concernsCurrent(paymentId: string | undefined, current: string | null, widgetOpen: boolean): boolean {
  if (current !== null) return paymentId === undefined || paymentId === current;
  return widgetOpen;
}
