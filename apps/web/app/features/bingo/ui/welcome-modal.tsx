import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { useLocalize } from '../../../lib/use-paths';
import type { ModalProps } from '../../../platform/feature';
import { useBingo } from './bingo-api';

/** The bingo welcome (spec §2), once a day: balls to play and progress to the next (the popup of spec §9 from 1 ball). */
export default function WelcomeModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { data, load } = useBingo();
  useEffect(() => {
    void load();
  }, [load]);
  const status = data?.status;
  return (
    <div className="flex flex-col gap-4 text-center" aria-busy={!status}>
      <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" className="mx-auto">
        <circle cx="32" cy="32" r="28" fill="var(--accent)" stroke="var(--primary)" strokeWidth="4" />
        <circle cx="32" cy="32" r="14" fill="var(--surface)" />
      </svg>
      <Dialog.Title className="text-2xl font-extrabold">{t('bingo.welcome.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">
        {status ? (status.showProgress ? t('bingo.welcome.progress', { count: status.availablePoint, need: status.ballsToPlay, percent: status.nextBallProgress }) : t('bingo.welcome.description', { need: status.ballsToPlay })) : t('bingo.loading')}
      </Dialog.Description>
      <Link to={localize('/bingo/')} className="btn btn-primary w-full" onClick={onDone}>
        {status?.canPlay ? t('bingo.welcome.play') : t('bingo.welcome.open')}
      </Link>
      <button type="button" className="btn btn-ghost w-full" onClick={onDone}>
        {t('bingo.close')}
      </button>
    </div>
  );
}
