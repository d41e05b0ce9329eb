/**
 * Our payment's state machine, driven by the provider's webhooks (docs/cashier.md). Webhooks may
 * arrive late, twice, or out of order: each carries the provider's per-payment sequence number, an
 * event no newer than what was applied is ignored, and the terminal states never change again. The
 * credit happens only on the transition into `complete`, so at most once.
 */
export type PaymentStatus = 'created' | 'pending' | 'requires_action' | 'complete' | 'declined' | 'failed';
export type ProviderStatus = 'processing' | 'requires_action' | 'succeeded' | 'failed';

export const TERMINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set(['complete', 'declined', 'failed']);

export type PaymentTransition =
  | { kind: 'ignore'; why: 'terminal' | 'stale' | 'same' }
  | { kind: 'pending' }
  | { kind: 'challenge' }
  | { kind: 'credit' }
  /** Declined before any challenge: the payment-status decline push. */
  | { kind: 'decline' }
  /** Failed after a 3-D Secure challenge: the deposit failed-complete push. */
  | { kind: 'fail-after-challenge' };

/** What a provider event does to a payment in `current` having applied sequence `appliedSequence`. */
export function decideTransition(current: PaymentStatus, appliedSequence: number, event: { status: ProviderStatus; sequence: number }, challenged: boolean): PaymentTransition {
  if (TERMINAL_STATUSES.has(current)) return { kind: 'ignore', why: 'terminal' };
  if (event.sequence <= appliedSequence) return { kind: 'ignore', why: 'stale' };
  switch (event.status) {
    case 'succeeded':
      return { kind: 'credit' };
    case 'failed':
      return challenged || current === 'requires_action' ? { kind: 'fail-after-challenge' } : { kind: 'decline' };
    case 'requires_action':
      return current === 'requires_action' ? { kind: 'ignore', why: 'same' } : { kind: 'challenge' };
    case 'processing':
      return current === 'pending' ? { kind: 'ignore', why: 'same' } : { kind: 'pending' };
  }
}

/** The status a transition leads to. */
export function statusAfter(current: PaymentStatus, transition: PaymentTransition): PaymentStatus {
  switch (transition.kind) {
    case 'ignore':
      return current;
    case 'pending':
      return 'pending';
    case 'challenge':
      return 'requires_action';
    case 'credit':
      return 'complete';
    case 'decline':
      return 'declined';
    case 'fail-after-challenge':
      return 'failed';
  }
}
