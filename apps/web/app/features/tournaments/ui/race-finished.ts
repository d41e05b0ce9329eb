import { activeI18n } from '../../../i18n/i18n';
import { useModals } from '../../modals/modal-store';
import { showToast } from '../../toasts/toast-store';
import { loadFinished, pageLocale, useTournaments } from './tournaments-api';

/**
 * A tournament finished (the `stop` push goes to every tab): when this player joined it, the
 * race-finished toast (spec §4, 10 s) with "show leaderboard", naming the tournament in the page's
 * language (the push carries its title in each).
 */
export async function raceFinished(historyId: number, titles: { en: string; es: string }): Promise<void> {
  const title = titles[pageLocale()];
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
