import type { BonusView } from '@sweepstack/contracts/bonuses/bonus-view';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import type { ModalProps } from '../../../platform/feature';
import { useModals } from '../../modals/modal-store';
import { showToast } from '../../toasts/toast-store';
import { isPendingBonusId } from '../feature';
import { checkBonus, clearBonusQuery, creditBonus, pendingBonusIdOfAddress } from './bonuses-api';
import { localTitle } from '../../games/names';

type Phase = { kind: 'checking' } | { kind: 'ready'; bonus: BonusView } | { kind: 'crediting'; bonus: BonusView };

/**
 * The bonus claim modal (spec §2 "free-entries bonus claim, free-spins bonus claim"), opened by a
 * `?freeEntriesBonus=<message id>` link: it checks the bonus, shows the free-entries or the free-spins
 * variant and credits it on Claim. A check that fails toasts 'Bonus may be expired or unavailable', a
 * credit that fails toasts `depositBonus.error` (spec §8); either way the query leaves the address and
 * the modal closes. A credited bonus toasts and the header's balance follows the server's push.
 */
export default function BonusClaimModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  // Read once, before any cleanup can clear the address.
  const [messageId] = useState(() => pendingBonusIdOfAddress());
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  // The stack gives a new onDone each render: the effects below call the latest one.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    let cancelled = false;
    if (messageId === null || !isPendingBonusId(messageId)) {
      done.current();
      return;
    }
    checkBonus(messageId).then(
      (answer) => {
        if (!cancelled) setPhase({ kind: 'ready', bonus: answer.data });
      },
      () => {
        if (cancelled) return;
        showToast('error', t('bonuses.toast.unavailable'));
        clearBonusQuery();
        done.current();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [messageId, t]);

  // However it closes (Claim, Not now, the close button, Escape), the link has been used.
  useEffect(() => () => clearBonusQuery(), []);

  const claim = async (bonus: BonusView) => {
    if (messageId === null) return;
    setPhase({ kind: 'crediting', bonus });
    try {
      const { data } = await creditBonus(bonus.playerBonusInfo.bonusId, messageId);
      const game = data.game;
      if (data.bonusType === 'freeSpins' && game) {
        showToast('bonus', t('bonuses.toast.creditedSpins', { count: data.freeSpinsCount ?? 0, game: localTitle(game, i18n.language) }), [
          { label: t('bonuses.playNow'), onClick: () => useModals.getState().open('game', { game: game.slug, isMoney: bonus.bonusInfo.freeSpinsCurrency === 'FC' }) },
        ]);
      } else {
        showToast('bonus', t('bonuses.toast.creditedEntries', { amount: formatFortuneCoins(data.bonusAmount ?? 0, i18n.language) }));
      }
    } catch {
      showToast('error', t('depositBonus.error'));
    }
    clearBonusQuery();
    done.current();
  };

  if (phase.kind === 'checking') {
    return (
      <div className="flex flex-col gap-3 pt-2 text-center" aria-busy="true" data-testid="bonus-claim-checking">
        <Dialog.Title className="text-2xl font-extrabold">{t('bonuses.title')}</Dialog.Title>
        <Dialog.Description className="text-muted">{t('bonuses.checking')}</Dialog.Description>
      </div>
    );
  }

  const { bonus } = phase;
  const info = bonus.bonusInfo;
  const spins = info.bonusType === 'freeSpins';
  const game = info.games[0];
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(bonus.playerBonusInfo.bonusLifetimeEnd));
  const bet = info.freeSpinsBet === null ? '' : info.freeSpinsCurrency === 'FC' ? `${formatFortuneCoins(info.freeSpinsBet, i18n.language)} FC` : `${formatGoldCoins(info.freeSpinsBet, i18n.language)} GC`;
  const busy = phase.kind === 'crediting';
  // Whole days read better than 168 hours.
  const hours = info.freeSpinsLifetimeHours ?? 0;
  const spinsDuration = hours >= 48 && hours % 24 === 0 ? t('bonuses.duration.days', { count: hours / 24 }) : t('bonuses.duration.hours', { count: hours });

  return (
    <div className="flex flex-col gap-4 pt-2 text-center" data-testid={spins ? 'bonus-claim-free-spins' : 'bonus-claim-free-entries'}>
      <p className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-raised text-3xl ring-2 ring-accent" aria-hidden="true">
        {spins ? '↻' : '★'}
      </p>
      <Dialog.Title className="text-2xl font-extrabold">{t(spins ? 'bonuses.freeSpins.title' : 'bonuses.freeEntries.title')}</Dialog.Title>
      <Dialog.Description className="text-lg font-bold" data-testid="bonus-claim-offer">
        {spins ? t('bonuses.freeSpins.offer', { count: info.freeSpinsCount ?? 0, game: game ? localTitle(game, i18n.language) : '' }) : t('bonuses.freeEntries.offer', { amount: formatFortuneCoins(info.bonusAmount ?? 0, i18n.language) })}
      </Dialog.Description>
      {spins && game && <img src={game.image} alt="" className="mx-auto h-24 w-24 rounded-theme object-cover" loading="lazy" />}
      <p className="text-sm text-muted">{spins ? t('bonuses.freeSpins.terms', { bet, duration: spinsDuration }) : t('bonuses.freeEntries.terms')}</p>
      <p className="text-sm text-muted">{t('bonuses.until', { date: until })}</p>
      <div className="flex flex-col gap-2">
        <button type="button" className="btn btn-primary w-full" disabled={busy} aria-busy={busy} onClick={() => void claim(bonus)} data-testid="bonus-claim-button">
          {t(busy ? 'bonuses.claiming' : 'bonuses.claim')}
        </button>
        <button type="button" className="btn btn-ghost w-full" disabled={busy} onClick={() => done.current()}>
          {t('bonuses.later')}
        </button>
      </div>
    </div>
  );
}
