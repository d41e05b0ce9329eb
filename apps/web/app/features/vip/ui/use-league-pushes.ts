// Declares the `rankLeague` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/rank-league/pushes';
import { useRealtime } from '../../../lib/use-realtime';
import { useVip } from './vip-api';

/** Keeps the league's store live: progress from progressData, a reload on a section up or cashback news. */
export function useLeaguePushes(): void {
  const { load, loadCashback, setProgress } = useVip();
  useRealtime('rankLeague', (message) => {
    if (message.action === 'progressData') setProgress(message.data);
    else if (message.action === 'sectionUp') void load();
    else if (message.action === 'cashback calculated' || message.action === 'cashback expired') void loadCashback();
  });
}
