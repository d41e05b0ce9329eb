import type { PopUpAction, PopUpAd, PopUpAdsResponse, PopUpTrigger } from '@sweepstack/contracts/pop-up-ads/popup-ads';
import { create } from 'zustand';
import { http } from '../../../lib/http';

/** POST /rest/pop-up-ads/{guest|player}-popup-ads/: the ad this trigger earns, if any. */
export async function askForAd(trigger: PopUpTrigger, isPlayer: boolean): Promise<PopUpAd | undefined> {
  const answer = await http<PopUpAdsResponse>(`/rest/pop-up-ads/${isPlayer ? 'player' : 'guest'}-popup-ads/`, { method: 'POST', body: { triggerType: trigger }, retry: false });
  return answer.data[0];
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * POST /rest/pop-up-ads/log-action/, in the order the actions happened (shown before clicked or
 * closed). A failure is not the visitor's concern: nothing is shown.
 */
export function logAdAction(logId: number, action: PopUpAction, isPlayer: boolean): Promise<unknown> {
  chain = chain.then(() => http('/rest/pop-up-ads/log-action/', { method: 'POST', body: { log_id: logId, action_id: action, is_player: isPlayer }, retry: false }).catch(() => undefined));
  return chain;
}

interface CurrentAd {
  ad: PopUpAd;
  isPlayer: boolean;
  /** Called once the ad's modal has closed (the next trigger may ask). */
  finished(): void;
}

/** The ad the modal shows (the modal stack's entries carry no feature data). */
export const usePopUpAd = create<{ current: CurrentAd | null; show(current: CurrentAd): void; clear(): void }>((set) => ({
  current: null,
  show: (current) => set({ current }),
  clear: () => set({ current: null }),
}));
