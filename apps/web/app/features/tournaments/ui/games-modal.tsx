import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { ModalProps } from '../../../platform/feature';
import { useGameHref } from '../../games/game-tile';
import { useModals } from '../../modals/modal-store';
import { findTournament, useTournaments } from './tournaments-api';
import { useCatalogue } from './use-game-titles';

/** The tournament games modal (spec §2): every game that counts, each opening the game. */
export default function GamesModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const state = useTournaments();
  const tournament = findTournament(state, state.selected);
  const games = useCatalogue();
  const href = useGameHref();
  const closeByName = useModals((s) => s.closeByName);
  return (
    <div className="flex flex-col gap-3">
      <Dialog.Title className="text-2xl font-extrabold">{t('tournaments.games.title')}</Dialog.Title>
      <Dialog.Description className="text-sm text-muted">{tournament ? t('tournaments.games.description', { title: tournament.title }) : ''}</Dialog.Description>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {tournament?.gamesIds.map((id) => {
          const game = games.get(id);
          return (
            <li key={id}>
              {game ? (
                <Link
                  to={href(game.slug)}
                  className="btn btn-ghost w-full"
                  onClick={() => {
                    onDone();
                    closeByName('tournaments');
                  }}
                >
                  {game.title}
                </Link>
              ) : (
                <span className="text-muted">#{id}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
