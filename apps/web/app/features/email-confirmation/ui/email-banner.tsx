import type { EmailConfirmResendResponse } from '@sweepstack/contracts/auth/email-confirmation';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { http, HttpError } from '../../../lib/http';
import { useRootData } from '../../../lib/root-data';
import type { FeatureBackgroundProps } from '../../../platform/feature';
import { showToast } from '../../toasts/toast-store';
import { dropEmailVerifiedParam } from './email-verified-param';

/** Dismissed for this browser session (the tab): the banner comes back in a new session. */
const DISMISSED_KEY = 'email-banner-dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The page's own slot at the top of <main> (the shell has no such element: nothing of this is in the
 * first-load JavaScript). In the flow of the page, so it pushes the content down instead of covering it.
 */
function useMainSlot(pathname: string): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return undefined;
    const element = document.createElement('div');
    element.dataset.slot = 'email-confirmation';
    main.prepend(element);
    setSlot(element);
    return () => {
      element.remove();
      setSlot(null);
    };
  }, [pathname]);
  return slot;
}

/**
 * Spec §5: the email-confirmation banner, for a player whose primary contact is an unconfirmed email
 * (the feature's state is active exactly then). "Resend email" mails a new link; "Hide for now"
 * dismisses it for the session.
 */
export default function EmailBanner(_props: FeatureBackgroundProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { pathname } = useLocation();
  const slot = useMainSlot(pathname);
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [sending, setSending] = useState(false);
  const email = root.player?.email ?? null;

  // A refused openNotify=EMAIL_VERIFIED (the email is not confirmed) leaves the address bar as well.
  useEffect(dropEmailVerifiedParam, []);

  if (dismissed || !slot || root.isGuest) return null;

  const resend = async () => {
    setSending(true);
    try {
      const answer = await http<EmailConfirmResendResponse>('/rest/email/confirm/resend/', { method: 'POST', body: {} });
      showToast('default', t(answer.data.alreadyConfirmed ? 'emailConfirmed.text' : 'emailConfirmed.banner.sent'));
    } catch (error) {
      showToast('error', t(error instanceof HttpError && error.code === 'RATE_LIMITED' ? 'emailConfirmed.banner.wait' : 'emailConfirmed.banner.failed'));
    } finally {
      setSending(false);
    }
  };
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: hidden until the next page load.
    }
    setDismissed(true);
  };

  return createPortal(
    <section aria-label={t('emailConfirmed.banner.label')} className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-theme-lg border border-line bg-raised p-3 text-sm text-fg" data-testid="email-banner">
      <p className="min-w-0 flex-1 basis-56 [overflow-wrap:anywhere]">{email ? t('emailConfirmed.banner.text', { email }) : t('emailConfirmed.banner.textNoEmail')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void resend()} disabled={sending} aria-busy={sending}>
          {sending ? t('emailConfirmed.banner.sending') : t('emailConfirmed.banner.resend')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={dismiss}>
          {t('emailConfirmed.banner.dismiss')}
        </button>
      </div>
    </section>,
    slot,
  );
}
