import type { DailyLoginApplyPrizeResponse } from '@sweepstack/contracts/daily-login/apply-prize';
import { dailyLoginDefaultInfo, type DailyLoginInfo, type DailyLoginInfoResponse } from '@sweepstack/contracts/daily-login/info';
import { http } from '../../../lib/http';

/** The info and the moment it arrived (the countdown's anchor). */
export interface LoadedInfo {
  info: DailyLoginInfo;
  receivedAtMs: number;
  /** True when the fetch failed and this is the default empty state (spec §8). */
  failed: boolean;
}

/** GET /rest/daily-login/info/; a failed fetch falls back to the default empty state (spec §8). */
export async function loadDailyLoginInfo(): Promise<LoadedInfo> {
  try {
    const response = await http<DailyLoginInfoResponse>('/rest/daily-login/info/');
    return { info: response.data, receivedAtMs: Date.now(), failed: false };
  } catch {
    return { info: dailyLoginDefaultInfo(new Date().toISOString()), receivedAtMs: Date.now(), failed: true };
  }
}

/** GET /rest/daily-login/apply-prize/: not retried (a second try would only answer "already claimed"). */
export function applyDailyPrize(): Promise<DailyLoginApplyPrizeResponse> {
  return http<DailyLoginApplyPrizeResponse>('/rest/daily-login/apply-prize/', { retry: false });
}
