import { activeI18n } from '../../../i18n/i18n';
import { useModals } from '../../modals/modal-store';
import { showToast } from '../../toasts/toast-store';
import { loadFinished, useTournaments } from './tournaments-api';

/**
 * A tournament finished (the `stop` push goes to every tab): when this player joined it, the
 * race-finished toast (spec §4, 10 s) with "show leaderboard".
 */
export async function raceFinished(historyId: number, title: string): Promise<void> {
  const tournament = await loadFinished(historyId).catch(() => undefined);
  const i18n = activeI18n();
  if (!tournament?.isSubscribed || !i18n) return;
  showToast('race', i18n.t('tournaments.toast.finished', { title }), [
    {
      label: i18n.t('tournaments.toast.showLeaderboard'),
      onClick: () => {
        useTournaments.getState().select(historyId);
        useModals.getState().open('tournament-leaderboard');
      },
    },
  ]);
}
