import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { useModals } from '../../modals/modal-store';
import { useWheel } from './wheel-api';

/** The day's welcome (spec §4, §9): shown only when a spin is open, otherwise it closes itself at once. */
export default function WelcomeModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const load = useWheel((s) => s.load);
  const open = useModals((s) => s.open);
  const [ready, setReady] = useState(false);
  const [boosted, setBoosted] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void load().then((info) => {
      if (cancelled) return;
      const player = info?.player;
      if (!info || !player || !(player.dailyAvailable || player.extraSpins > 0)) onDone();
      else {
        setBoosted(player.dailyAvailable && player.boosterEarned);
        setReady(true);
      }
    });
    return () => {
      cancelled = true;
    };
    // Checked once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex flex-col gap-4 text-center" aria-busy={!ready}>
      <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" className="mx-auto">
        <circle cx="32" cy="32" r="28" fill="var(--surface-2)" stroke="var(--primary)" strokeWidth="4" />
        {[0, 45, 90, 135].map((a) => (
          <line key={a} x1="32" y1="6" x2="32" y2="58" stroke="var(--accent)" strokeWidth="2" transform={`rotate(${a} 32 32)`} />
        ))}
        <circle cx="32" cy="32" r="6" fill="var(--primary)" />
      </svg>
      <Dialog.Title className="text-2xl font-extrabold">{t('wheelOfTreasure.welcome.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t(boosted ? 'wheelOfTreasure.welcome.boosted' : 'wheelOfTreasure.welcome.description')}</Dialog.Description>
      <button
        type="button"
        className="btn btn-primary w-full"
        disabled={!ready}
        onClick={() => {
          onDone();
          open('wheel-of-treasure');
        }}
      >
        {t('wheelOfTreasure.welcome.spin')}
      </button>
      <button type="button" className="btn btn-ghost w-full" disabled={!ready} onClick={() => open('wheel-of-treasure-how-it-works')}>
        {t('wheelOfTreasure.howItWorks.open')}
      </button>
    </div>
  );
}
