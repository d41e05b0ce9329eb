import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { http, HttpError } from '../../lib/http';
import { useRootData } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { FormField } from '../auth/form-field';
import { centsToInput, formatUsd, LIMIT_PERIODS, limitChangeKind, parseUsdInput, timeUntil, usedPercent, type LimitPeriod, type LimitState } from '../cash/limits';
import { showToast } from '../toasts/toast-store';
import { ExclusionSection } from './exclusion-section';
import { RealityCheckSection } from './reality-check-section';

type Limits = Record<LimitPeriod, LimitState>;

/** /account/responsible-play/: daily, weekly and monthly purchase limits (docs/cashier.md); reality check, cooling-off and self-exclusion (docs/responsible-play.md). */
export function ResponsiblePlayPage() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const [limits, setLimits] = useState<Limits | null>(null);
  const [values, setValues] = useState<Record<LimitPeriod, string>>({ daily: '', weekly: '', monthly: '' });
  const [errors, setErrors] = useState<Partial<Record<LimitPeriod, string>>>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nowMs, setNowMs] = useState(0);

  const load = useCallback(() => {
    http<{ data: Limits }>('/rest/player/purchase-limits/')
      .then(({ data }) => {
        setNowMs(Date.now());
        setLimits(data);
        setValues({ daily: centsToInput(data.daily.limitCents), weekly: centsToInput(data.weekly.limitCents), monthly: centsToInput(data.monthly.limitCents) });
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!limits) return;
    const body: Partial<Record<LimitPeriod, number | null>> = {};
    const found: Partial<Record<LimitPeriod, string>> = {};
    for (const period of LIMIT_PERIODS) {
      const parsed = parseUsdInput(values[period]);
      if (parsed === undefined) found[period] = t('account.limits.invalid');
      else if (limitChangeKind(limits[period].limitCents, parsed) !== 'none') body[period] = parsed;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || Object.keys(body).length === 0) return;
    setBusy(true);
    try {
      await http('/rest/player/purchase-limits/', { method: 'POST', body });
      const delayed = LIMIT_PERIODS.some((p) => p in body && limitChangeKind(limits[p].limitCents, body[p] ?? null) === 'pending');
      showToast('default', delayed ? t('account.limits.savedPending') : t('account.limits.saved'));
      load();
    } catch (error) {
      if (error instanceof HttpError) {
        const fieldErrors: Partial<Record<LimitPeriod, string>> = {};
        for (const key of Object.keys(error.fields)) if ((LIMIT_PERIODS as readonly string[]).includes(key)) fieldErrors[key as LimitPeriod] = t('account.limits.invalid');
        setErrors(fieldErrors);
      }
      showToast('error', t('account.limits.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <h1 className="text-3xl font-extrabold">{t('account.limits.pageTitle')}</h1>
      <p className="text-muted">{t('account.limits.intro')}</p>
      {failed && <p role="alert">{t('account.loadFailed')}</p>}
      {!limits && !failed && <p role="status">{t('common.pleaseWait')}</p>}
      {limits && (
        <form className="card grid gap-5 p-4 sm:p-6" onSubmit={(e) => void save(e)} noValidate data-testid="limits-form">
          {LIMIT_PERIODS.map((period) => {
            const state = limits[period];
            const wait = state.pending ? timeUntil(state.pending.effectiveAtMs, nowMs) : null;
            return (
              <div key={period} className="grid gap-2" data-testid={`limit-${period}`}>
                <FormField
                  label={t(`account.limits.${period}`)}
                  inputMode="decimal"
                  placeholder={t('account.limits.none')}
                  value={values[period]}
                  onChange={(e) => setValues({ ...values, [period]: e.target.value })}
                  error={errors[period]}
                  hint={
                    state.limitCents === null
                      ? t('account.limits.noLimitUsed', { used: formatUsd(state.usedCents, root.locale) })
                      : t('account.limits.used', { used: formatUsd(state.usedCents, root.locale), limit: formatUsd(state.limitCents, root.locale), remaining: formatUsd(state.remainingCents ?? 0, root.locale) })
                  }
                />
                {state.limitCents !== null && (
                  <div className="h-2 overflow-hidden rounded-full bg-raised" role="presentation">
                    <div className="h-full bg-primary" style={{ width: `${usedPercent(state)}%` }} />
                  </div>
                )}
                {state.pending && wait && (
                  <p className="text-sm" data-testid={`limit-${period}-pending`}>
                    {t('account.limits.pending', {
                      limit: state.pending.limitCents === null ? t('account.limits.none') : formatUsd(state.pending.limitCents, root.locale),
                      time: new Date(state.pending.effectiveAtMs).toLocaleString(root.locale),
                      hours: wait.hours,
                      minutes: wait.minutes,
                    })}
                  </p>
                )}
              </div>
            );
          })}
          <p className="text-sm text-muted">{t('account.limits.rule')}</p>
          <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
            {busy ? t('common.pleaseWait') : t('account.limits.save')}
          </button>
        </form>
      )}
      <RealityCheckSection />
      <ExclusionSection />
      <Link className="underline underline-offset-4" to={localize('/account/')}>
        {t('account.back')}
      </Link>
    </div>
  );
}
