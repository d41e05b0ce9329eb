// Declares the `freeEntry` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/free-entry/pushes';
import type { FreeEntryRequestView } from '@sweepstack/contracts/free-entry/requests';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatFortuneCoins } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import { CaptchaWidget, captchaToken, useCaptcha } from '../../auth/captcha';
import { requestMailCode, requestOnline, useFreeEntry } from './free-entry-api';
import type { Route } from './+types/free-entry-page';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string | null, withTime = false) =>
    iso === null ? '—' : new Intl.DateTimeFormat(i18n.language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(iso));
}

function StatusLine({ request }: { request: FreeEntryRequestView }) {
  const { t } = useTranslation();
  const date = useDate();
  switch (request.status) {
    case 'awaiting_letter':
      return <>{t('freeEntry.status.awaitingLetter', { date: date(request.expiresAt) })}</>;
    case 'received':
      return <>{t('freeEntry.status.received', { date: date(request.decisionDueAt, true) })}</>;
    case 'credited':
      return <>{t('freeEntry.status.credited', { date: date(request.decidedAt, true) })}</>;
    case 'rejected':
      // A rule's refusal (postmark, household) in the player's language; otherwise the operator's words.
      return <>{t('freeEntry.status.rejected', { reason: request.rejectCode ? t(`freeEntry.rejectCode.${request.rejectCode}`) : (request.rejectReason ?? '') })}</>;
  }
}

/**
 * /free-entry: "no purchase necessary" made concrete. The online request (once a day, a captcha when
 * the site uses one), the mail-in method with a code for the letter and where to send it, and every
 * request with its status and the date the decision is due. The amounts are the operator's, read from
 * the server; the official rules page states the same.
 */
export default function FreeEntryPage() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const date = useDate();
  const captcha = useCaptcha();
  const { info, failed, load } = useFreeEntry();
  const [busy, setBusy] = useState<'online' | 'mail' | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [newCode, setNewCode] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  useRealtime('freeEntry', () => void load());
  const fc = (entries: number) => formatFortuneCoins(entries, i18n.language);

  const fail = (failure: unknown) => {
    const key = failure instanceof HttpError && failure.messageKey ? failure.messageKey : 'freeEntry.errors.generic';
    setMessage({ kind: 'error', text: t(key, { defaultValue: t('freeEntry.errors.generic') }) });
  };

  async function submitOnline(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy('online');
    setMessage(null);
    try {
      const answer = await requestOnline(captchaToken(new FormData(event.currentTarget)));
      const r = answer.data.request;
      setMessage({ kind: 'ok', text: r.status === 'credited' ? t('freeEntry.online.credited', { amount: fc(r.entries) }) : t('freeEntry.online.received', { date: date(r.decisionDueAt, true) }) });
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
      await load();
    }
  }

  async function issueCode() {
    setBusy('mail');
    setMessage(null);
    try {
      const answer = await requestMailCode();
      setNewCode(answer.data.request.code);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
      await load();
    }
  }

  const reasonText = info?.reason && info.reason !== 'guest' ? t(`freeEntry.reason.${info.reason}`) : null;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <FeaturePageHeader title={t('freeEntry.page.title')} intro={t('freeEntry.page.intro')}>
        <p className="mx-auto mt-3 max-w-prose text-sm font-bold uppercase tracking-wide">{t('freeEntry.page.noPurchase')}</p>
      </FeaturePageHeader>

      {!info ? (
        <FeaturePageStatus>{t(failed ? 'freeEntry.failed' : 'freeEntry.loading')}</FeaturePageStatus>
      ) : (
        <>
          {message && (
            <p role={message.kind === 'error' ? 'alert' : 'status'} data-testid="free-entry-message" className={`card p-3 text-center font-semibold ${message.kind === 'error' ? 'text-danger' : ''}`}>
              {message.text}
            </p>
          )}
          {reasonText && (
            <p role="status" className="card p-3 text-center" data-testid="free-entry-reason">
              {reasonText}
            </p>
          )}
          {root.isGuest && (
            <div className="card flex flex-col items-center gap-3 p-4 text-center">
              <p>{t('freeEntry.guest')}</p>
              <Link to={localize('/signup/')} className="btn btn-primary">
                {t('freeEntry.signUp')}
              </Link>
            </div>
          )}

          <div className="grid items-start gap-4 md:grid-cols-2">
            <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="free-entry-online">
              <h2 id="free-entry-online" className="text-xl font-bold">
                {t('freeEntry.online.title')}
              </h2>
              <p className="text-muted">{t(info.online.automatic ? 'freeEntry.online.textAutomatic' : 'freeEntry.online.textReviewed', { amount: fc(info.online.entries), count: info.perDay, days: info.decisionBusinessDays })}</p>
              {!root.isGuest && (
                <form onSubmit={(e) => void submitOnline(e)} className="flex flex-col gap-3">
                  {info.online.captchaRequired && captcha.siteKey && <CaptchaWidget siteKey={captcha.siteKey} />}
                  <button type="submit" className="btn btn-primary" disabled={!info.online.available || busy !== null || !captcha.ready} data-testid="free-entry-online">
                    {t('freeEntry.online.button', { amount: fc(info.online.entries) })}
                  </button>
                  {!info.online.available && info.online.nextAvailableAt && <p className="text-sm text-muted">{t('freeEntry.nextOn', { date: date(info.online.nextAvailableAt, true) })}</p>}
                </form>
              )}
            </section>

            <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="free-entry-mail">
              <h2 id="free-entry-mail" className="text-xl font-bold">
                {t('freeEntry.mail.title')}
              </h2>
              <p className="text-muted">{t('freeEntry.mail.text', { amount: fc(info.mail.entries), days: info.decisionBusinessDays })}</p>
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                <li>{t('freeEntry.mail.step1', { days: info.mail.codeValidDays })}</li>
                <li>{t('freeEntry.mail.step2')}</li>
                <li>{t('freeEntry.mail.step3')}</li>
              </ol>
              <address className="rounded-lg bg-raised p-3 text-sm not-italic" aria-label={t('freeEntry.mail.addressLabel')}>
                {info.mail.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              {newCode && (
                <p className="rounded-lg border-2 border-dashed border-line p-3 text-center" data-testid="free-entry-code">
                  {t('freeEntry.mail.yourCode')} <strong className="font-mono text-xl tracking-widest">{newCode}</strong>
                </p>
              )}
              {!root.isGuest && (
                <>
                  <button type="button" className="btn btn-ghost" onClick={() => void issueCode()} disabled={!info.mail.available || busy !== null} data-testid="free-entry-mail-code">
                    {t('freeEntry.mail.button')}
                  </button>
                  {!info.mail.available && info.mail.nextAvailableAt && <p className="text-sm text-muted">{t('freeEntry.nextOn', { date: date(info.mail.nextAvailableAt, true) })}</p>}
                </>
              )}
            </section>
          </div>

          {!root.isGuest && (
            <section className="card p-4 sm:p-6" aria-labelledby="free-entry-requests">
              <h2 id="free-entry-requests" className="mb-3 text-xl font-bold">
                {t('freeEntry.requests.title')}
              </h2>
              {info.requests.length === 0 ? (
                <p className="text-muted">{t('freeEntry.requests.none')}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-line" data-testid="free-entry-requests">
                  {info.requests.map((r) => (
                    <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2" data-status={r.status}>
                      <span>
                        <span className="font-mono font-semibold">{r.code}</span> · {t(`freeEntry.channel.${r.channel}`)} · {fc(r.entries)} FC
                        <span className="block text-xs text-muted">{date(r.createdAt, true)}</span>
                      </span>
                      <span className="text-sm">
                        <StatusLine request={r} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}

          <p className="text-center text-sm text-muted">
            {t('freeEntry.rules')}{' '}
            <Link to={localize('/page/sweepstakes-rules')} className="underline">
              {t('freeEntry.rulesLink')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'freeEntry.page.title');
