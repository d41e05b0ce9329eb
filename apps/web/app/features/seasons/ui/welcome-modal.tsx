import type { SeasonView } from '@sweepstack/contracts/seasons/season';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { useModals } from '../../modals/modal-store';
import { loadSeason } from './season-api';

/** The day's season welcome (spec §2, §4: once a day): where the player stands, and the way to the tower. */
export default function WelcomeModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const open = useModals((s) => s.open);
  const [season, setSeason] = useState<SeasonView | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadSeason().then((next) => {
      if (cancelled) return;
      // Nothing running for this player: no welcome.
      if (!next || !next.isActive) onDone();
      else setSeason(next);
    });
    return () => {
      cancelled = true;
    };
    // Checked once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const level = season?.player?.currentLevel ?? 0;
  return (
    <div className="flex flex-col gap-4 text-center" aria-busy={season === null}>
      <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" className="mx-auto">
        <rect x="20" y="10" width="24" height="46" rx="3" fill="var(--surface-2)" stroke="var(--primary)" strokeWidth="3" />
        {[18, 28, 38, 48].map((y) => (
          <line key={y} x1="20" y1={y} x2="44" y2={y} stroke="var(--accent)" strokeWidth="2" />
        ))}
        <path d="M17 12l15-8 15 8z" fill="var(--primary)" />
      </svg>
      <Dialog.Title className="text-2xl font-extrabold">{season ? t('seasons.welcome.title', { title: season.title }) : t('seasons.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">{level > 0 ? t('seasons.welcome.progress', { level }) : t('seasons.welcome.description')}</Dialog.Description>
      <button
        type="button"
        className="btn btn-primary w-full"
        disabled={season === null}
        onClick={() => {
          onDone();
          open('season');
        }}
      >
        {t('seasons.welcome.open')}
      </button>
    </div>
  );
}
