import type { FreeEntryInfoResponse, FreeEntryRequestResponse } from '@sweepstack/contracts/free-entry/requests';
import { useCallback, useState } from 'react';
import { http } from '../../../lib/http';

export type FreeEntryInfo = FreeEntryInfoResponse['data'];

/** GET /rest/free-entry/ with the moment it arrived (the countdown's anchor). */
export function useFreeEntry() {
  const [info, setInfo] = useState<FreeEntryInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      const answer = await http<FreeEntryInfoResponse>('/rest/free-entry/');
      setInfo(answer.data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  return { info, failed, load };
}

/** POST /rest/free-entry/online/: never retried (a second try would only meet the daily limit). */
export function requestOnline(captchaToken: string | undefined): Promise<FreeEntryRequestResponse> {
  return http<FreeEntryRequestResponse>('/rest/free-entry/online/', { method: 'POST', body: captchaToken ? { captchaToken } : {}, retry: false });
}

/** POST /rest/free-entry/mail-code/: a code for one letter. */
export function requestMailCode(): Promise<FreeEntryRequestResponse> {
  return http<FreeEntryRequestResponse>('/rest/free-entry/mail-code/', { method: 'POST', body: {}, retry: false });
}
