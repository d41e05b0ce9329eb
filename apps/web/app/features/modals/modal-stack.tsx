import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon } from '../../components/icons';
import { trackOpenPopup } from '../../lib/analytics';
import { http } from '../../lib/http';
import { useLocalize } from '../../lib/use-paths';
import { ComingSoon } from '../coming-soon/empty-state';
import { featureKey } from '../coming-soon/features';
import { showToast } from '../toasts/toast-store';
import { closesOnBackdrop, closesOnEscape, GAME_MODALS, type ModalName, UNDISMISSABLE } from './backdrop';
import { useModals, type ModalEntry } from './modal-store';

/** The games' modals (game, search, demo mode, insufficient funds, max bet, Fortune Coins restricted): their own chunk. */
const GameModal = lazy(() => import('../games/game-modals'));
/** The reality-check reminder (docs/responsible-play.md): its own chunk, players only. */
const RealityCheckModal = lazy(() => import('../responsible-play/reality-check-modal'));

/** Which coming-soon feature a modal name shows until its feature is built. */
const FEATURE_OF: Partial<Record<ModalName, string>> = {
  tournaments: 'tournaments',
  notifications: 'notifications',
  'registration-complete': 'registration-complete',
  'referral-info': 'referral-info',
};

function TermsConfirmation({ entry, onDone }: { entry: ModalEntry; onDone(): void }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const ids = (entry.terms ?? []).map((term) => term.id);

  useEffect(() => {
    if (ids.length > 0) void http('/rest/terms/log/', { method: 'POST', body: { ids } }).catch(() => undefined);
    // Logged once when shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function confirm() {
    setBusy(true);
    setFailed(false);
    try {
      await http('/rest/terms/confirm/', { method: 'POST', body: { ids } });
      onDone();
      showToast('default', t('terms.confirmed'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Dialog.Title className="text-2xl font-extrabold">{t('terms.title')}</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted">{t('terms.text')}</Dialog.Description>
      <ul className="mt-4 list-disc space-y-1 pl-6">
        {(entry.terms ?? []).map((term) => (
          <li key={term.id}>
            <Link to={localize(`/page/${term.key}/`)} target="_blank" className="underline underline-offset-4">
              {t(`terms.documents.${term.key}`, { defaultValue: term.key })}
            </Link>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="field-error mt-3">
          {t('terms.failed')}
        </p>
      )}
      <button type="button" className="btn btn-primary mt-6 w-full" onClick={() => void confirm()} disabled={busy}>
        {busy ? t('common.pleaseWait') : t('terms.accept')}
      </button>
    </>
  );
}

function EmailConfirmed({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog.Title className="text-2xl font-extrabold">{t('emailConfirmed.title')}</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted">{t('emailConfirmed.text')}</Dialog.Description>
      <button type="button" className="btn btn-primary mt-6 w-full" onClick={onDone}>
        {t('common.ok')}
      </button>
    </>
  );
}

function ModalWindow({ entry, openNames }: { entry: ModalEntry; openNames: ModalName[] }) {
  const { t } = useTranslation();
  const close = useModals((s) => s.close);
  const done = () => close(entry.id);
  const dismissable = !UNDISMISSABLE.has(entry.name);

  useEffect(() => {
    trackOpenPopup(entry.feature ?? entry.name, 'modal_stack');
  }, [entry.feature, entry.name]);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && dismissable && done()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
        <Dialog.Content
          data-testid={`modal-${entry.name}`}
          className={
            entry.name === 'game'
              ? 'fixed inset-0 z-[71] flex flex-col bg-bg text-fg sm:inset-4 sm:rounded-theme-lg sm:border sm:border-line'
              : 'fixed left-1/2 top-1/2 z-[71] max-h-[90dvh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-theme-lg border border-line bg-surface p-6 text-fg shadow-2xl'
          }
          onPointerDownOutside={(event) => {
            if (!closesOnBackdrop(entry.name, openNames)) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (!closesOnBackdrop(entry.name, openNames)) event.preventDefault();
          }}
          onEscapeKeyDown={(event) => {
            if (!closesOnEscape(entry.name, openNames)) event.preventDefault();
          }}
          {...(entry.name === 'coming-soon' || FEATURE_OF[entry.name] || GAME_MODALS.has(entry.name) ? { 'aria-describedby': undefined } : {})}
        >
          {dismissable && entry.name !== 'game' && (
            <Dialog.Close className="btn btn-ghost btn-icon absolute right-3 top-3" aria-label={t('common.close')}>
              <CloseIcon />
            </Dialog.Close>
          )}
          {entry.name === 'terms-confirmation' ? (
            <TermsConfirmation entry={entry} onDone={done} />
          ) : GAME_MODALS.has(entry.name) ? (
            <Suspense fallback={<p className="p-6 text-muted">{t('common.pleaseWait')}</p>}>
              <GameModal entry={entry} onDone={done} />
            </Suspense>
          ) : entry.name === 'reality-check' ? (
            <Suspense fallback={<p className="text-muted">{t('common.pleaseWait')}</p>}>
              <RealityCheckModal entry={entry} onDone={done} />
            </Suspense>
          ) : entry.name === 'email-confirmed' ? (
            <EmailConfirmed onDone={done} />
          ) : (
            <>
              <Dialog.Title className="sr-only">{t(`features.${featureKey(entry.feature ?? FEATURE_OF[entry.name] ?? entry.name)}.name`)}</Dialog.Title>
              <div className="pt-4">
                <ComingSoon feature={entry.feature ?? FEATURE_OF[entry.name] ?? entry.name} headingLevel={2} bare>
                  <button type="button" className="btn btn-primary" onClick={done}>
                    {t('common.ok')}
                  </button>
                </ComingSoon>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The modal stack (loaded on first use): every entry is a Radix dialog, the last one on top. */
export default function ModalStack() {
  const stack = useModals((s) => s.stack);
  const openNames = stack.map((m) => m.name);
  return (
    <>
      {stack.map((entry) => (
        <ModalWindow key={entry.id} entry={entry} openNames={openNames} />
      ))}
    </>
  );
}
