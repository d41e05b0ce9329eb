import type { DepositMethod } from '@sweepstack/contracts/cashier/deposit';
import { opensCashbox } from './cash-launcher';

/** The cash widget's inner routes (spec §2), carried in the `#/cash/...` hash. */
export type PaymentMethod = DepositMethod;
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'bank', 'apple_pay'];

export type CashRoute =
  | { kind: 'deposit' }
  | { kind: 'promo-offer'; presetId: string; outsidePromoOffer: boolean }
  | { kind: 'preset'; presetId: string; inviteQualification: boolean }
  | { kind: 'success' }
  | { kind: 'failed' }
  | { kind: 'failed-next'; presetId: string; offerType: string; methodId: string }
  | { kind: 'redeem' };

export interface ParsedCashHash {
  route: CashRoute;
  /** The cashIframe path: the support chat is hidden while it is open. */
  cashIframe: boolean;
}

const SEGMENT = /^[A-Za-z0-9_.~-]{1,64}$/;

/**
 * Parses a location hash. Null when the hash does not open the cashbox. Any hash containing `cash`
 * opens it (spec §2); an unknown inner path falls back to the package list.
 */
export function parseCashHash(hash: string): ParsedCashHash | null {
  if (!opensCashbox(hash)) return null;
  const text = hash.replace(/^#/, '');
  const [pathPart = '', queryPart = ''] = text.split('?');
  const query = new URLSearchParams(queryPart);
  const segments = pathPart.split('/').filter(Boolean);
  const cashIframe = segments.includes('cashIframe') || query.get('cashIframe') === 'true';
  const start = segments.findIndex((s) => s === 'cash' || s === 'cashIframe');
  const rest = start >= 0 ? segments.slice(start + 1) : [];
  const ok = (s: string | undefined): s is string => s !== undefined && SEGMENT.test(s);
  const fallback: ParsedCashHash = { route: { kind: 'deposit' }, cashIframe };
  const [first, second, third, fourth] = rest;
  if (first === 'success' && rest.length === 1) return { route: { kind: 'success' }, cashIframe };
  if (first === 'redeem' && rest.length === 1) return { route: { kind: 'redeem' }, cashIframe };
  if (first === 'failed') {
    if (rest.length === 1) return { route: { kind: 'failed' }, cashIframe };
    if (rest.length === 4 && ok(second) && ok(third) && ok(fourth)) return { route: { kind: 'failed-next', presetId: second, offerType: third, methodId: fourth }, cashIframe };
    return { route: { kind: 'failed' }, cashIframe };
  }
  if (first === 'deposit-by-money') {
    if (rest.length === 3 && ok(second) && third === 'promoOffer') {
      return { route: { kind: 'promo-offer', presetId: second, outsidePromoOffer: query.get('outside-promo-offer') === 'true' }, cashIframe };
    }
    if (rest.length === 3 && ok(second) && third === 'preset') {
      return { route: { kind: 'preset', presetId: second, inviteQualification: query.get('inviteQualification') === 'true' }, cashIframe };
    }
  }
  return fallback;
}

/** The hash of a route (the inverse of parseCashHash). */
export function cashHash(route: CashRoute): string {
  switch (route.kind) {
    case 'deposit':
      return '#/cash/deposit-by-money/';
    case 'promo-offer':
      return `#/cash/deposit-by-money/${encodeURIComponent(route.presetId)}/promoOffer/${route.outsidePromoOffer ? '?outside-promo-offer=true' : ''}`;
    case 'preset':
      return `#/cash/deposit-by-money/${encodeURIComponent(route.presetId)}/preset/${route.inviteQualification ? '?inviteQualification=true' : ''}`;
    case 'success':
      return '#/cash/success/';
    case 'failed':
      return '#/cash/failed/';
    case 'failed-next':
      return `#/cash/failed/${encodeURIComponent(route.presetId)}/${encodeURIComponent(route.offerType)}/${encodeURIComponent(route.methodId)}`;
    case 'redeem':
      return '#/cash/redeem/';
  }
}

/** The method to retry with after `failed` declined: the next one in order, skipping none available. */
export function nextMethod(failed: string, available: readonly PaymentMethod[] = PAYMENT_METHODS): PaymentMethod | null {
  const index = available.indexOf(failed as PaymentMethod);
  if (index < 0) return available[0] ?? null;
  return available[index + 1] ?? null;
}

/** The preset a route preselects, if any. */
export function presetOf(route: CashRoute): string | null {
  return route.kind === 'promo-offer' || route.kind === 'preset' || route.kind === 'failed-next' ? route.presetId : null;
}

/**
 * Where the 3-D Secure page opens: framed when it is on this site's origin (the page's CSP allows
 * only self frames) or is the sandbox bank served by this same server under another host name of
 * it; any other origin opens in a popup.
 */
export function challengeTarget(url: string, pageOrigin: string): { kind: 'frame' | 'popup'; src: string } {
  let parsed: URL;
  try {
    parsed = new URL(url, pageOrigin);
  } catch {
    return { kind: 'popup', src: url };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { kind: 'popup', src: 'about:blank' };
  if (parsed.origin === pageOrigin) return { kind: 'frame', src: parsed.href };
  if (parsed.pathname.startsWith('/sandbox/3ds/')) return { kind: 'frame', src: parsed.pathname + parsed.search };
  return { kind: 'popup', src: parsed.href };
}
