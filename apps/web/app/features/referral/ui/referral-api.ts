import type { CheckRewardsResponse, ReferralInfoResponse } from '@sweepstack/contracts/referral/rewards';
import { useCallback, useState } from 'react';
import { http } from '../../../lib/http';

export type ReferralInfo = ReferralInfoResponse['data'];

/** GET /rest/referral/info/: the player's code and link, the rewards and their friends. */
export function useReferralInfo() {
  const [info, setInfo] = useState<ReferralInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setInfo((await http<ReferralInfoResponse>('/rest/referral/info/')).data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  return { info, failed, load };
}

/** POST /rest/referral/apply-code/: a code entered after sign-up (never retried). */
export function applyReferralCode(code: string) {
  return http<{ data: { reward: { coins: number; entries: number } } }>('/rest/referral/apply-code/', { method: 'POST', body: { code }, retry: false });
}

/** GET /rest/rewards/check-rewards/?invited_by=: the code's rewards, or null for 'code not found'. */
export async function checkReferralCode(code: string): Promise<CheckRewardsResponse['data'] | null> {
  try {
    return (await http<CheckRewardsResponse>(`/rest/rewards/check-rewards/?invited_by=${encodeURIComponent(code)}`)).data;
  } catch (failure) {
    if (failure instanceof Error && failure.message === 'code not found') return null;
    throw failure;
  }
}
