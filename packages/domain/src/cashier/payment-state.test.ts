import { describe, expect, it } from 'vitest';
import { decideTransition, type PaymentStatus, type ProviderStatus, statusAfter } from './payment-state';

describe('payment state machine', () => {
  it('credits on the first success, never again', () => {
    expect(decideTransition('created', 0, { status: 'succeeded', sequence: 1 }, false)).toEqual({ kind: 'credit' });
    expect(decideTransition('pending', 1, { status: 'succeeded', sequence: 2 }, false)).toEqual({ kind: 'credit' });
    expect(decideTransition('complete', 2, { status: 'succeeded', sequence: 3 }, false)).toEqual({ kind: 'ignore', why: 'terminal' });
  });

  it('ignores stale events and never leaves a terminal state', () => {
    expect(decideTransition('requires_action', 2, { status: 'requires_action', sequence: 1 }, true)).toEqual({ kind: 'ignore', why: 'stale' });
    for (const terminal of ['complete', 'declined', 'failed'] as PaymentStatus[]) {
      for (const status of ['processing', 'requires_action', 'succeeded', 'failed'] as ProviderStatus[]) {
        expect(decideTransition(terminal, 0, { status, sequence: 99 }, false).kind).toBe('ignore');
      }
    }
  });

  it('a failure is a decline, or failed-complete after a challenge', () => {
    expect(decideTransition('created', 0, { status: 'failed', sequence: 1 }, false)).toEqual({ kind: 'decline' });
    expect(decideTransition('requires_action', 1, { status: 'failed', sequence: 2 }, true)).toEqual({ kind: 'fail-after-challenge' });
    expect(decideTransition('created', 0, { status: 'failed', sequence: 2 }, true)).toEqual({ kind: 'fail-after-challenge' });
  });

  it('leads to the right statuses', () => {
    expect(statusAfter('created', { kind: 'credit' })).toBe('complete');
    expect(statusAfter('created', { kind: 'decline' })).toBe('declined');
    expect(statusAfter('requires_action', { kind: 'fail-after-challenge' })).toBe('failed');
    expect(statusAfter('created', { kind: 'challenge' })).toBe('requires_action');
    expect(statusAfter('created', { kind: 'pending' })).toBe('pending');
    expect(statusAfter('pending', { kind: 'ignore', why: 'same' })).toBe('pending');
  });
});
