import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { HttpError } from '../../../lib/http';
import type { ModalProps } from '../../../platform/feature';
import { coinsText } from './prize-text';
import { claimCashback, useVip } from './vip-api';

/** VIP club claim reward (spec §2): the week's cashback waiting, claimed once with POST /rest/cashback/pay/. */
export default function ClaimModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const { cashback, loadCashback } = useVip();
  const [state, setState] = useState<{ kind: 'idle' | 'claiming' } | { kind: 'paid'; text: string } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!cashback) void loadCashback();
  }, [cashback, loadCashback]);
  useEffect(() => {
    if (state.kind === 'paid' || state.kind === 'error') result.current?.focus();
  }, [state.kind]);
  const waiting = cashback?.status === 'available' ? cashback.prize : null;

  const claim = async () => {
    setState({ kind: 'claiming' });
    try {
      const paid = await claimCashback();
      setState({ kind: 'paid', text: coinsText(paid.prize, t, i18n.language) });
    } catch (error) {
      const key = error instanceof HttpError && error.messageKey ? error.messageKey : 'vip.claim.failed';
      setState({ kind: 'error', message: t(key) });
    }
    void loadCashback();
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Dialog.Title className="text-2xl font-extrabold">{t('vip.claim.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('vip.claim.description')}</Dialog.Description>
      </div>
      {state.kind === 'paid' ? (
        <p ref={result} tabIndex={-1} role="status" className="text-lg font-bold" data-testid="vip-claim-result">
          {t('vip.claim.paid', { prize: state.text })}
        </p>
      ) : state.kind === 'error' ? (
        <p ref={result} tabIndex={-1} role="alert" className="font-semibold" data-testid="vip-claim-error">
          {state.message}
        </p>
      ) : waiting ? (
        <p className="text-lg font-semibold">{t('vip.cashback.waiting', { prize: coinsText(waiting, t, i18n.language) })}</p>
      ) : (
        <p role="status">{t(cashback ? 'vip.cashback.none' : 'vip.loading')}</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('vip.close')}
        </button>
        {state.kind !== 'paid' && waiting && (
          <button type="button" className="btn btn-primary" disabled={state.kind === 'claiming'} onClick={() => void claim()} data-testid="vip-claim">
            {t('vip.claim.button')}
          </button>
        )}
      </div>
    </div>
  );
}
