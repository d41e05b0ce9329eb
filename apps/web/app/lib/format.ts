/** Parses a number or numeric string; any other string is a TypeError (spec §5, number formatting). */
export function toNumber(value: number | string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Not a finite number: ${value}`);
    return value;
  }
  const trimmed = value.trim();
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) {
    throw new TypeError(`Not a numeric string: "${value}"`);
  }
  return Number(trimmed);
}

/** Number formats by locale and decimals: building one costs far more than formatting (pages format hundreds). */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats with grouping and a fixed number of decimals in the given locale. */
export function formatNumber(value: number | string, decimals = 0, locale = 'en'): string {
  const number = toNumber(value);
  const tag = locale === 'es' ? 'es-ES' : 'en-US';
  const key = `${tag}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: 'always' });
    numberFormats.set(key, format);
  }
  return format.format(decimals === 0 ? Math.trunc(number) : number);
}

/** Gold Coins are shown as whole numbers. */
export const formatGoldCoins = (value: number | string, locale?: string): string => formatNumber(value, 0, locale);
/** Fortune Coins (entries) are shown with 2 decimals. */
export const formatFortuneCoins = (value: number | string, locale?: string): string => formatNumber(value, 2, locale);

export const COUNTER_MIN_MS = 500;
export const COUNTER_MAX_MS = 2000;

/**
 * Duration of a number counter animation: grows with the size of the change (about 1 ms per unit)
 * and is clamped to 500–2000 ms (spec §9).
 */
export function counterDuration(from: number, to: number, requestedMs?: number): number {
  const base = requestedMs ?? Math.abs(to - from);
  if (!Number.isFinite(base)) return COUNTER_MAX_MS;
  return Math.min(COUNTER_MAX_MS, Math.max(COUNTER_MIN_MS, Math.round(base)));
}
