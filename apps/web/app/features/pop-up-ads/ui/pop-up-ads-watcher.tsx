import { useEffect } from 'react';
import type { FeatureBackgroundProps } from '../../../platform/feature';
import { parseCashHash } from '../../cash/cash-route';
import { useModals } from '../../modals/modal-store';
import { onActivity, takeLoadActivity } from '../../../platform/activity';
import { cashboxClosed, createTriggerGate, gameClosed, isSessionStart, mayShow } from '../triggers';
import { askForAd, usePopUpAd } from './pop-up-ads-api';
import type { PopUpTrigger } from '@sweepstack/contracts/pop-up-ads/popup-ads';

const openModalNames = () => useModals.getState().stack.map((entry) => entry.name as string);
const cashOpen = () => parseCashHash(window.location.hash) !== null;

/**
 * Watches the visit for the ad triggers (triggers.ts): a game closing, the cash widget closing, a
 * session starting after 30 minutes away. One trigger at a time asks the server; its ad opens after
 * `popup_delay_time` seconds if nothing else is open then, else it is dropped.
 */
export default function PopUpAdsWatcher({ isGuest }: FeatureBackgroundProps) {
  useEffect(() => {
    const gate = createTriggerGate();
    let stopped = false;
    let timer: number | undefined;

    const fire = async (trigger: PopUpTrigger) => {
      if (!gate.take(trigger)) return;
      try {
        const ad = await askForAd(trigger, !isGuest);
        if (!ad || stopped) return gate.release();
        timer = window.setTimeout(() => {
          if (stopped || !mayShow(openModalNames(), cashOpen())) return gate.release();
          usePopUpAd.getState().show({ ad, isPlayer: !isGuest, finished: () => gate.release() });
          useModals.getState().open('pop-up-ad', { feature: 'pop-up-ads' });
        }, ad.contentInfo.popup_delay_time * 1000);
      } catch {
        gate.release();
      }
    };

    let names = openModalNames();
    const unsubscribe = useModals.subscribe((state) => {
      const next = state.stack.map((entry) => entry.name as string);
      if (gameClosed(names, next)) void fire('closeGame');
      names = next;
    });

    let cashWasOpen = cashOpen();
    const onHash = () => {
      const open = cashOpen();
      if (cashboxClosed(cashWasOpen, open)) void fire('closeCashbox');
      cashWasOpen = open;
    };
    window.addEventListener('hashchange', onHash);

    // The visit's activity (platform/activity.ts, shared with the idle reload): the page's load, then each act.
    const load = takeLoadActivity();
    if (load && isSessionStart(load.lastActivityMs, load.nowMs)) void fire('sessionStart');
    const stopActivity = onActivity(({ nowMs, lastActivityMs }) => {
      if (isSessionStart(lastActivityMs, nowMs)) void fire('sessionStart');
    });

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('hashchange', onHash);
      stopActivity();
    };
  }, [isGuest]);
  return null;
}
