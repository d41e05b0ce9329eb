import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { findTournament, prizeParts, useTournaments } from './tournaments-api';

/** The tournament prizes modal (spec §2): every paid place. */
export default function PrizesModal(_props: ModalProps) {
  const { t, i18n } = useTranslation();
  const state = useTournaments();
  const tournament = findTournament(state, state.selected);
  return (
    <div className="flex flex-col gap-3">
      <Dialog.Title className="text-2xl font-extrabold">{t('tournaments.prizes.title')}</Dialog.Title>
      <Dialog.Description className="text-sm text-muted">{tournament ? tournament.title : ''}</Dialog.Description>
      <ol className="flex flex-col gap-1 text-sm">
        {tournament?.prizes.map((prize, i) => (
          <li key={i} className="flex justify-between gap-2 border-b border-line py-1">
            <span>{t('tournaments.prizes.place', { place: i + 1 })}</span>
            <span className="font-semibold">{prizeParts(prize, i18n.language).join(' + ')}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
