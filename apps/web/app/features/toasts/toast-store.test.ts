import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_COLLAPSE_MS, toastDuration, useToasts } from './toast-store';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the durations of the spec', () => {
    expect(toastDuration('default')).toBe(3000);
    expect(toastDuration('favorite')).toBe(1500);
    expect(toastDuration('race')).toBe(10_000);
    expect(toastDuration('bonus')).toBe(5000);
    expect(toastDuration('document')).toBe(5000);
    expect(toastDuration('app-update')).toBeNull();
  });

  it('auto-closes after the duration plus the 300 ms collapse', () => {
    const id = useToasts.getState().show('favorite', 'Added');
    vi.advanceTimersByTime(1499);
    expect(useToasts.getState().toasts.find((t) => t.id === id)?.leaving).toBeFalsy();
    vi.advanceTimersByTime(1);
    expect(useToasts.getState().toasts.find((t) => t.id === id)?.leaving).toBe(true);
    vi.advanceTimersByTime(TOAST_COLLAPSE_MS);
    expect(useToasts.getState().toasts.some((t) => t.id === id)).toBe(false);
  });

  it('keeps the app-update toast until dismissed', () => {
    const id = useToasts.getState().show('app-update', 'Updated');
    vi.advanceTimersByTime(60_000);
    expect(useToasts.getState().toasts.some((t) => t.id === id)).toBe(true);
    useToasts.getState().dismiss(id);
    vi.advanceTimersByTime(TOAST_COLLAPSE_MS);
    expect(useToasts.getState().toasts.some((t) => t.id === id)).toBe(false);
  });
});
