import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useRevalidator } from 'react-router';
import { CloseIcon } from '../../components/icons';
import { pushEvent, trackOpenPopup } from '../../lib/analytics';
import { localizePath } from '../../lib/locale';
import { useRootData } from '../../lib/root-data';
import { useRealtime } from '../../lib/use-realtime';
import { RedeemPanel } from '../redeem/redeem-panel';
import { VerificationWidget } from '../kyc/verification-widget';
import { showToast } from '../toasts/toast-store';
import { cashHash, nextMethod, parseCashHash, presetOf, type CashRoute, type PaymentMethod } from './cash-route';
import { concernsCurrent, useCash } from './cash-store';
import { DepositFlow } from './deposit-flow';
import { PresetPackageTrigger } from './preset-package';
import { Receipt } from './receipt';


function useHash(): [string, (hash: string) => void] {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const go = useCallback((next: string) => {
    if (next) window.location.hash = next;
    else {
      const oldURL = window.location.href;
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
      setHash('');
      // replaceState fires no hashchange: tell the page's listeners (pop-up ads' closeCashbox) the widget closed.
      window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }));
    }
  }, []);
  return [hash, go];
}

function OutcomePage({ kind, message, retry, paymentId, onClose, onAgain }: { kind: 'success' | 'failed'; message?: string | null; retry?: { method: PaymentMethod } | null; paymentId?: string | null; onClose(): void; onAgain(): void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 text-center" data-testid={`cash-${kind}`}>
      <p className="text-2xl font-extrabold">{kind === 'success' ? t('cash.successTitle') : t('cash.failedTitle')}</p>
      <p className="text-muted">{kind === 'success' ? t('cash.successText') : (message ?? t('cash.declineDefault'))}</p>
      {kind === 'success' && paymentId && <Receipt paymentId={paymentId} />}
      {kind === 'failed' && retry && (
        <button type="button" className="btn btn-primary" onClick={onAgain}>
          {t('cash.tryNextMethod', { method: t(`cash.methods.${retry.method}`) })}
        </button>
      )}
      {kind === 'failed' && !retry && (
        <button type="button" className="btn btn-primary" onClick={onAgain}>
          {t('cash.tryAgain')}
        </button>
      )}
      <button type="button" className={kind === 'success' ? 'btn btn-primary' : 'btn btn-ghost'} onClick={onClose}>
        {kind === 'success' ? t('cash.continuePlaying') : t('common.close')}
      </button>
    </div>
  );
}

function titleOf(route: CashRoute): string {
  if (route.kind === 'redeem') return 'cash.redeemTitle';
  return 'cash.title';
}

/**
 * The cashbox over any page (`#/cash/...`, spec §2) and the verification widget (`#verify`). Loaded
 * 2 s after the page (or at once when the hash asks for it); listens to the payment pushes (spec §4).
 */
export default function CashWidget() {
  const { t } = useTranslation();
  const root = useRootData();
  const [hash, go] = useHash();
  const parsed = parseCashHash(hash);
  const verifyOpen = !parsed && hash.includes('verify');
  const cash = useCash();
  const route = parsed?.route ?? null;
  const revalidator = useRevalidator();

  const cashIframe = parsed?.cashIframe ?? false;
  useEffect(() => {
    useCash.getState().set({ supportChatHidden: cashIframe });
  }, [cashIframe]);

  useEffect(() => {
    if (route) trackOpenPopup(route.kind === 'redeem' ? 'redeem' : 'cash', 'cash_widget');
  }, [route?.kind]); // eslint-disable-line react-hooks/exhaustive-deps

  const finish = useCallback(
    (outcome: 'success' | 'failed', reason?: string) => {
      const state = useCash.getState();
      if (outcome === 'success') {
        state.set({ step: 'packages', completed: { presetId: state.presetId, amountCents: 0, paymentId: state.paymentId }, paymentId: null, challengeUrl: null });
        go(cashHash({ kind: 'success' }));
      } else {
        state.set({ step: 'packages', paymentId: null, challengeUrl: null, message: reason ? t(`cash.reasons.${reason}`, { defaultValue: t('cash.declineDefault') }) : t('cash.declineDefault') });
        go(cashHash({ kind: 'failed' }));
      }
    },
    [go, t],
  );

  useRealtime('paymentStatus', (push) => {
    const state = useCash.getState();
    if (!concernsCurrent(push.data.paymentId, state.paymentId, parseCashHash(window.location.hash) !== null)) return;
    if (push.action === 'refresh') {
      state.set({ step: state.presetId ? 'details' : 'packages', paymentId: null, challengeUrl: null });
      if (!parseCashHash(window.location.hash)) go(cashHash({ kind: 'deposit' }));
    } else if (push.action === '3ds') {
      state.set({ step: 'challenge', challengeUrl: push.data.challengeUrl, paymentId: push.data.paymentId ?? state.paymentId });
      if (!parseCashHash(window.location.hash)) go(state.presetId ? cashHash({ kind: 'preset', presetId: state.presetId, inviteQualification: false }) : cashHash({ kind: 'deposit' }));
    } else {
      const message = push.data.message ?? t('cash.declineDefault');
      showToast('error', message);
      state.set({ step: 'packages', paymentId: null, challengeUrl: null, message });
      if (push.data.nextMethod && state.presetId && state.method) {
        go(cashHash({ kind: 'failed-next', presetId: state.presetId, offerType: 'preset', methodId: state.method }));
      } else go(cashHash({ kind: 'failed' }));
    }
  });

  useRealtime('deposit', (push) => {
    const state = useCash.getState();
    if (!concernsCurrent(push.data.paymentId, state.paymentId, parseCashHash(window.location.hash) !== null)) return;
    if (push.action === 'complete') {
      const a = push.data.analytics;
      const ecommerce = a ? { value: a.value, currency: a.currency, items: [{ item_id: a.packageId, price: a.value, quantity: 1 }] } : undefined;
      const identity = a?.firstDeposit ? { email_sha256: a.firstDeposit.emailSha256, phone_sha256: a.firstDeposit.phoneSha256 } : {};
      pushEvent({ event: 'deposit', transaction_id: push.data.paymentId, value: push.data.amountCents / 100, currency: 'USD', deposits_count: push.data.depositsCount, first_deposit: push.data.isFirstDeposit, ...identity });
      pushEvent({ event: 'purchase', transaction_id: push.data.paymentId, ecommerce, ...identity });
      pushEvent({ event: 'payment_complete', transaction_id: push.data.paymentId, method: a?.methodId, package_id: a?.packageId, coins: a?.coins, bonus: a?.bonus });
      state.set({ step: 'packages', paymentId: null, challengeUrl: null, completed: { presetId: state.presetId, amountCents: push.data.amountCents, paymentId: push.data.paymentId ?? state.paymentId } });
      go(cashHash({ kind: 'success' }));
      // App init again: depositsCount and hasDeposits (sidebar items for depositors), fresh balances.
      void revalidator.revalidate();
    } else {
      state.set({ step: 'packages', paymentId: null, challengeUrl: null, message: push.data.message ?? t('cash.declineDefault') });
      go(cashHash({ kind: 'failed' }));
    }
  });

  const close = () => {
    if (cash.step === 'processing' || cash.step === 'challenge') {
      // The payment continues; its pushes reopen the right page.
    }
    go('');
  };

  const retryMethod = route?.kind === 'failed-next' ? nextMethod(route.methodId) : null;

  let body: React.ReactNode = null;
  if (route) {
    if (route.kind === 'success') {
      body = <OutcomePage kind="success" paymentId={cash.completed?.paymentId} onClose={close} onAgain={() => go(cashHash({ kind: 'deposit' }))} />;
    } else if (route.kind === 'failed' || route.kind === 'failed-next') {
      body = (
        <OutcomePage
          kind="failed"
          message={cash.message}
          retry={retryMethod ? { method: retryMethod } : null}
          onClose={close}
          onAgain={() => {
            if (route.kind === 'failed-next' && retryMethod) {
              useCash.getState().set({ presetId: route.presetId, method: retryMethod, step: 'details' });
              go(cashHash({ kind: 'preset', presetId: route.presetId, inviteQualification: false }));
            } else go(cashHash({ kind: 'deposit' }));
          }}
        />
      );
    } else if (route.kind === 'redeem') {
      body = <RedeemPanel locale={root.locale} />;
    } else if (root.player?.accountStatus === 'COOLING_OFF' || root.player?.accountStatus === 'SELF_EXCLUDED') {
      // Purchases are refused during a responsible-play break: say so before a package is picked.
      body = (
        <div className="grid gap-3" role="status" data-testid="cash-break-notice">
          <p className="font-bold">{t(root.player.accountStatus === 'COOLING_OFF' ? 'cash.breakNotice.coolingOff' : 'cash.breakNotice.selfExcluded')}</p>
          <a className="btn btn-ghost justify-self-start border border-line" href={localizePath('/account/responsible-play/', root.locale)}>
            {t('cash.breakNotice.link')}
          </a>
        </div>
      );
    } else {
      const presetId = presetOf(route);
      const carried = presetId && useCash.getState().presetId === presetId ? useCash.getState().method : null;
      body = <DepositFlow locale={root.locale} initialPresetId={presetId} initialMethod={carried} onFinished={finish} />;
    }
  }

  return (
    <>
      <PresetPackageTrigger />
      {verifyOpen && <VerificationWidget onClose={() => go('')} />}
      {route && (
        <Dialog.Root open onOpenChange={(open) => !open && close()}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
            <Dialog.Content
              data-testid="cash-widget"
              aria-describedby={undefined}
              className="fixed inset-x-0 bottom-0 top-0 z-[61] overflow-y-auto border border-line bg-surface p-5 text-fg shadow-2xl sm:left-1/2 sm:top-1/2 sm:bottom-auto sm:max-h-[90dvh] sm:w-[min(92vw,36rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-theme-lg"
            >
              <div className="mb-4 flex items-center justify-between gap-2">
                <Dialog.Title className="text-2xl font-extrabold">{t(titleOf(route))}</Dialog.Title>
                <Dialog.Close className="btn btn-ghost btn-icon" aria-label={t('common.close')}>
                  <CloseIcon />
                </Dialog.Close>
              </div>
              {body}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </>
  );
}
