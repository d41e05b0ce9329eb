import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../../i18n/use-translation';
import { useRealtime } from '../../../lib/use-realtime';
import type { ModalProps } from '../../../platform/feature';
import { Leaderboard } from './tournament-card';
import { findTournament, useTournaments } from './tournaments-api';

/** The tournament leaderboard modal (spec §2): every leader shown by the server, your place, the payout status once finished. */
export default function LeaderboardModal(_props: ModalProps) {
  const { t, i18n } = useTranslation();
  const state = useTournaments();
  const tournament = findTournament(state, state.selected);
  useRealtime('tournament', (message) => {
    if (message.action === 'positions') state.applyPositions(message.data);
  });
  return (
    <div className="flex flex-col gap-3">
      <Dialog.Title className="text-2xl font-extrabold">{tournament ? t('tournaments.leaderboard.modalTitle', { title: tournament.title }) : t('tournaments.leaderboard.title')}</Dialog.Title>
      <Dialog.Description className="text-sm text-muted">{t('tournaments.leaderboard.description')}</Dialog.Description>
      {tournament ? (
        <>
          <Leaderboard tournament={tournament} rows={tournament.winners.length} />
          {tournament.playerData && tournament.playerData.place > 0 && (
            <p className="font-semibold" data-testid="leaderboard-my-place">
              {t('tournaments.myPlace', { place: tournament.playerData.place, points: new Intl.NumberFormat(i18n.language).format(tournament.playerData.points), rounds: tournament.playerData.roundsPlayed })}
            </p>
          )}
        </>
      ) : (
        <p className="text-muted">{t('tournaments.loading')}</p>
      )}
    </div>
  );
}
