import type { CheckBonusResponse } from '@sweepstack/contracts/bonuses/check-bonus';
import type { CreditBonusResponse } from '@sweepstack/contracts/bonuses/credit-bonus';
import { http } from '../../../lib/http';

export const BONUS_QUERY = 'freeEntriesBonus';

/** POST /rest/free-entries-bonuses/check-bonus/: the pending bonus of a message (a BONUS_* error otherwise). */
export function checkBonus(messageId: string): Promise<CheckBonusResponse> {
  return http<CheckBonusResponse>('/rest/free-entries-bonuses/check-bonus/', { method: 'POST', body: { message_id: messageId }, retry: false });
}

/** POST /rest/free-entries-bonuses/credit-bonus/: never retried by the client (the server pays once anyway). */
export function creditBonus(bonusId: number, messageId: string): Promise<CreditBonusResponse> {
  return http<CreditBonusResponse>('/rest/free-entries-bonuses/credit-bonus/', { method: 'POST', body: { bonusId, message_id: messageId }, retry: false });
}

/** The bonus id of the address, or null. */
export function pendingBonusIdOfAddress(): string | null {
  return typeof window === 'undefined' ? null : new URL(window.location.href).searchParams.get(BONUS_QUERY);
}

/** Removes `freeEntriesBonus` from the address bar without a navigation (spec §8: the query is cleared). */
export function clearBonusQuery(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(BONUS_QUERY)) return;
  url.searchParams.delete(BONUS_QUERY);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
