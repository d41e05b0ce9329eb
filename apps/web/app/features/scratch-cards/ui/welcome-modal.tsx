import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { useModals } from '../../modals/modal-store';
import { scratchableCard, useScratchCards } from './scratch-api';

/** The day's welcome (spec §4, §9): shown only when a card can be scratched, otherwise it closes itself. */
export default function WelcomeModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const load = useScratchCards((s) => s.load);
  const open = useModals((s) => s.open);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void load().then((info) => {
      if (cancelled) return;
      if (!info || scratchableCard(info.cards) === null) onDone();
      else setReady(true);
    });
    return () => {
      cancelled = true;
    };
    // Checked once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex flex-col gap-4 text-center" aria-busy={!ready}>
      <svg viewBox="0 0 64 44" width="96" height="66" aria-hidden="true" className="mx-auto">
        <rect x="2" y="2" width="60" height="40" rx="6" fill="var(--surface-2)" stroke="var(--primary)" strokeWidth="3" />
        <path d="M12 30 L22 16 L30 26 L40 12 L52 28" fill="none" stroke="var(--accent)" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <Dialog.Title className="text-2xl font-extrabold">{t('scratchCards.welcome.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('scratchCards.welcome.description')}</Dialog.Description>
      <button
        type="button"
        className="btn btn-primary w-full"
        disabled={!ready}
        onClick={() => {
          onDone();
          open('scratch-cards');
        }}
      >
        {t('scratchCards.welcome.scratch')}
      </button>
      <button type="button" className="btn btn-ghost w-full" onClick={onDone}>
        {t('scratchCards.welcome.later')}
      </button>
    </div>
  );
}
