import * as Dialog from '@radix-ui/react-dialog';
import type { StartVerificationResponse } from '@sweepstack/contracts/kyc/start-verification';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CloseIcon } from '../../components/icons';
import { http, HttpError } from '../../lib/http';
import { useRealtime } from '../../lib/use-realtime';
import { showToast } from '../toasts/toast-store';
import { widgetFrameSrc } from './widget-src';

type Phase = { kind: 'starting' } | { kind: 'running'; widgetUrl: string } | { kind: 'unavailable' } | { kind: 'error' };

/**
 * The `#verify` hash (spec §2): starts an auto-verification with the identity provider and shows its
 * widget; each `playerVerification` push is shown as the current step until it ends.
 */
export function VerificationWidget({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [step, setStep] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    http<StartVerificationResponse>('/rest/player/verification/start/', { method: 'POST', body: {} })
      .then((answer) => !cancelled && setPhase({ kind: 'running', widgetUrl: widgetFrameSrc(answer.data.widgetUrl, window.location.origin) }))
      .catch((error: unknown) => !cancelled && setPhase(error instanceof HttpError && error.code === 'KYC_VERIFICATION_NOT_AVAILABLE' ? { kind: 'unavailable' } : { kind: 'error' }));
    return () => {
      cancelled = true;
    };
  }, []);

  useRealtime('playerVerification', (push) => {
    setStep(push.action);
    if (push.action === 'success' || push.action === 'apple_pay_success') showToast('default', t('kyc.push.success'));
    else if (push.action === 'failed' || push.action === 'apple_pay_failed') showToast('error', push.data.message ?? t('kyc.push.failed'));
    else if (push.action === 'duplicate') showToast('error', t('kyc.push.duplicate'));
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <Dialog.Content
          data-testid="verification-widget"
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-[61] max-h-[90dvh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-theme-lg border border-line bg-surface p-6 text-fg shadow-2xl"
        >
          <Dialog.Close className="btn btn-ghost btn-icon absolute right-3 top-3" aria-label={t('common.close')}>
            <CloseIcon />
          </Dialog.Close>
          <Dialog.Title className="pr-10 text-2xl font-extrabold">{t('kyc.widgetTitle')}</Dialog.Title>
          {phase.kind === 'starting' && <p role="status">{t('common.pleaseWait')}</p>}
          {phase.kind === 'unavailable' && <p className="mt-3">{t('kyc.unavailable')}</p>}
          {phase.kind === 'error' && (
            <p role="alert" className="mt-3">
              {t('kyc.startFailed')}
            </p>
          )}
          {phase.kind === 'running' && (
            <>
              <p role="status" className="mt-3 text-muted" data-testid="verification-step">
                {step ? t(`kyc.steps.${step}`) : t('kyc.steps.started')}
              </p>
              <iframe src={phase.widgetUrl} title={t('kyc.widgetTitle')} className="mt-3 h-72 w-full rounded-theme border border-line bg-white" />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
