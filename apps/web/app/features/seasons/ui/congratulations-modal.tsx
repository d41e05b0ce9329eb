import '@sweepstack/contracts/seasons/pushes';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useRealtime } from '../../../lib/use-realtime';
import type { ModalProps } from '../../../platform/feature';
import { useModals } from '../../modals/modal-store';
import { seasonPrizeText } from './prize-text';
import { clearKeptPrizes, keptPrizes, type PrizeAssigned } from './season-api';

/**
 * The season congratulations (spec §2, §4): opened by a `prizeAssigned` push wherever the player is;
 * shows the level completed and every prize the push (or the burst of them) paid. Level 12 is the last:
 * it says so. Closing it keeps only the completed level.
 */
export default function CongratulationsModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const open = useModals((s) => s.open);
  const [prizes, setPrizes] = useState<PrizeAssigned[]>(() => (typeof window === 'undefined' ? [] : keptPrizes()));
  const button = useRef<HTMLButtonElement>(null);

  // Later prizes of the same burst join this modal (the platform opens one at a time).
  useRealtime('season', (message) => {
    if (message.action === 'prizeAssigned') setPrizes(keptPrizes());
  });
  useEffect(() => {
    button.current?.focus();
    return () => clearKeptPrizes();
  }, []);

  const top = prizes.reduce<PrizeAssigned | null>((best, p) => (best === null || p.level > best.level ? p : best), null);
  const last = top?.isLastLevel ?? false;

  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="season-congratulations">
      <svg viewBox="0 0 64 64" width="84" height="84" aria-hidden="true" className="motion-safe:animate-bounce">
        <circle cx="32" cy="32" r="29" fill="var(--surface-2)" stroke="var(--accent)" strokeWidth="3" />
        <path d="M32 10l6 13 14 1.5-10.5 9.5 3 14L32 41l-12.5 7 3-14L12 24.5 26 23z" fill="var(--primary)" stroke="var(--accent)" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      <Dialog.Title className="text-2xl font-extrabold">{top ? t(last ? 'seasons.congratulations.lastTitle' : 'seasons.congratulations.title', { level: top.level }) : t('seasons.congratulations.generic')}</Dialog.Title>
      <Dialog.Description className="text-muted">{last ? t('seasons.congratulations.last') : t('seasons.congratulations.description')}</Dialog.Description>
      {prizes.length > 0 && (
        <ul className="flex w-full flex-col gap-1" aria-label={t('seasons.congratulations.prizes')}>
          {prizes.map((p) => (
            <li key={`${p.level}:${p.track}`} className="flex items-center justify-between gap-2 rounded-theme border border-line bg-surface px-3 py-2 text-sm">
              <span className="text-muted">{t(p.track === 'premium' ? 'seasons.congratulations.premiumLevel' : 'seasons.congratulations.freeLevel', { level: p.level })}</span>
              <span className="font-bold">{seasonPrizeText(p.prize, t, i18n.language)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex w-full flex-col gap-2 sm:flex-row">
        <button ref={button} type="button" className="btn btn-primary flex-1" onClick={onDone} data-testid="season-congratulations-close">
          {t('seasons.congratulations.continue')}
        </button>
        <button
          type="button"
          className="btn btn-ghost flex-1"
          onClick={() => {
            onDone();
            open('season');
          }}
        >
          {t('seasons.congratulations.tower')}
        </button>
      </div>
    </div>
  );
}
