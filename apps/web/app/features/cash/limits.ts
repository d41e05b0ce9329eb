/** Purchase limits of responsible play (docs/cashier.md): display rules. */
export type LimitPeriod = 'daily' | 'weekly' | 'monthly';
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['daily', 'weekly', 'monthly'];

export interface LimitState {
  limitCents: number | null;
  usedCents: number;
  remainingCents: number | null;
  pending: { limitCents: number | null; effectiveAtMs: number } | null;
}

/** USD cents as dollars with 2 decimals ("$1,234.50"). */
export function formatUsd(cents: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Parses a dollars field into cents; '' is "no limit" (null); anything else invalid is undefined. */
export function parseUsdInput(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/[$,\s]/g, '');
  if (trimmed === '') return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the text of an input field ("1234.5" → "1234.50"); null → ''. */
export function centsToInput(cents: number | null): string {
  if (cents === null) return '';
  return (cents / 100).toFixed(2);
}

/** Share of the limit used, 0–100 (0 without a limit). */
export function usedPercent(state: LimitState): number {
  if (state.limitCents === null || state.limitCents === 0) return state.limitCents === 0 ? 100 : 0;
  return Math.min(100, Math.round((state.usedCents / state.limitCents) * 100));
}

export type LimitChange = 'immediate' | 'pending' | 'none';

/**
 * What saving `next` does (docs/cashier.md): a first limit, a lower one or the same value applies at
 * once; a raise or removing the limit waits 24 hours.
 */
export function limitChangeKind(current: number | null, next: number | null): LimitChange {
  if (current === next) return 'none';
  if (current === null) return 'immediate';
  if (next === null) return 'pending';
  return next < current ? 'immediate' : 'pending';
}

/** Hours and minutes until a pending change applies (never negative). */
export function timeUntil(effectiveAtMs: number, nowMs: number): { hours: number; minutes: number } {
  const minutesTotal = Math.max(0, Math.ceil((effectiveAtMs - nowMs) / 60_000));
  return { hours: Math.floor(minutesTotal / 60), minutes: minutesTotal % 60 };
}
