import type { RealityCheckResponse, RealityCheckState } from '@sweepstack/contracts/responsible-play/reality-check';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { http, HttpError } from '../../lib/http';
import { useRootData } from '../../lib/root-data';
import { durationText } from '../responsible-play/reality-check-rules';
import { applyRealityCheck, REALITY_CHECK_PATH } from '../responsible-play/reality-check-scheduler';
import { showToast } from '../toasts/toast-store';

/**
 * Reality check (docs/responsible-play.md): the player picks how often a reminder interrupts play
 * (or turns it off). Shows the play session in progress and when the next reminder is due; a saved
 * change reschedules this tab's reminder at once.
 */
export function RealityCheckSection() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [data, setData] = useState<RealityCheckState | null>(null);
  /** This browser's clock minus the server's, when the answer came (to show the due time in local time). */
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const [choice, setChoice] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    http<RealityCheckResponse>(REALITY_CHECK_PATH)
      .then(({ data: answer }) => {
        setClockOffsetMs(Date.now() - answer.serverNowMs);
        setData(answer);
        setChoice(answer.intervalMinutes);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!data || choice === null) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await http<RealityCheckResponse>(`${REALITY_CHECK_PATH}interval/`, { method: 'POST', body: { intervalMinutes: choice } });
      setClockOffsetMs(Date.now() - answer.data.serverNowMs);
      setData(answer.data);
      setChoice(answer.data.intervalMinutes);
      applyRealityCheck(answer.data);
      showToast('default', t(answer.data.intervalMinutes === 0 ? 'account.realityCheck.savedOff' : 'account.realityCheck.saved'));
    } catch (failure) {
      setError(failure instanceof HttpError && failure.messageKey ? t(failure.messageKey, { defaultValue: failure.message }) : t('account.realityCheck.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <p role="alert">{t('account.loadFailed')}</p>;
  if (!data) return <p role="status">{t('common.pleaseWait')}</p>;

  const label = (minutes: number) => (minutes === 0 ? t('account.realityCheck.off') : t('account.realityCheck.every', { minutes }));
  const played = data.session ? durationText(data.session.timePlayedMs) : null;
  const nextAt = data.session && data.nextDueAtMs !== null ? new Date(data.nextDueAtMs + clockOffsetMs).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' }) : null;

  return (
    <section className="card grid gap-4 p-4 sm:p-6" aria-labelledby="reality-check-title" data-testid="reality-check-section">
      <h2 id="reality-check-title" className="text-2xl font-extrabold">
        {t('account.realityCheck.title')}
      </h2>
      <p className="text-muted">{t('account.realityCheck.intro')}</p>
      <p className="font-bold" role="status" data-testid="reality-check-current">
        {data.intervalMinutes === 0 ? t('account.realityCheck.currentOff') : t('account.realityCheck.current', { minutes: data.intervalMinutes })}
        {played && (
          <span className="block text-sm font-normal">
            {t('account.realityCheck.session', { time: t(`account.realityCheck.duration.${played.key}`, { hours: played.hours, minutes: played.minutes }) })}
            {data.due ? ` ${t('account.realityCheck.dueNow')}` : nextAt && ` ${t('account.realityCheck.next', { time: nextAt })}`}
          </span>
        )}
      </p>
      {error && (
        <p role="alert" className="field-error" data-testid="reality-check-error">
          {error}
        </p>
      )}
      <form className="grid gap-3" onSubmit={(e) => void save(e)} noValidate>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-lg font-bold">{t('account.realityCheck.legend')}</legend>
          <div className="flex flex-wrap gap-2">
            {data.options.map((minutes) => (
              <label key={minutes} className={`card flex cursor-pointer items-center gap-2 px-3 py-2 ${choice === minutes ? 'border-primary' : ''}`}>
                <input type="radio" name="reality-check-interval" value={minutes} checked={choice === minutes} onChange={() => setChoice(minutes)} />
                <span>{label(minutes)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {choice === 0 && data.intervalMinutes !== 0 && <p className="text-sm">{t('account.realityCheck.offWarning')}</p>}
        <button type="submit" className="btn btn-primary justify-self-start" disabled={busy || choice === data.intervalMinutes}>
          {busy ? t('common.pleaseWait') : t('account.realityCheck.save')}
        </button>
      </form>
    </section>
  );
}
