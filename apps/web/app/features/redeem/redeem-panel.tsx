import type { RedeemStatusResponse } from '@sweepstack/contracts/redeem/redeem-status';
import { GIFT_CARD_BRANDS } from '@sweepstack/contracts/redeem/gift-card-brands';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatFortuneCoins } from '../../lib/format';
import { localizePath, type Locale } from '../../lib/locale';
import { http, HttpError } from '../../lib/http';
import { useRealtime } from '../../lib/use-realtime';
import { FormField } from '../auth/form-field';
import { useModals } from '../modals/modal-store';
import { useLiveBalance } from '../shell/live-balance';
import { showToast } from '../toasts/toast-store';
import { InsufficientWithdrawalModal } from './insufficient-withdrawal-modal';
import { eligibleMethods, methodToOffer, parseCoinsInput, REDEEM_METHODS, REFUSAL_ORDER, type RedeemMethod } from './redeem-rules';

type RedeemInfo = RedeemStatusResponse['data'];

/** Switches to Fortune Coins; the `gameMode` push updates the header and reloads this panel. */
async function switchToFortune(): Promise<void> {
  try {
    await http('/rest/player/game-mode/switch-to-sweep-stakes/');
    useLiveBalance.getState().setGameMode('SweepStakes');
  } catch (failure) {
    // Fortune Coins are not offered in the player's state (docs/geo-restriction.md): say so.
    if (failure instanceof HttpError && failure.code === 'GEO_SWEEPSTAKES_RESTRICTED') useModals.getState().open('sweepstakes-restricted');
    // Otherwise the refusal stays on screen; the header switcher remains available.
  }
}

function Refusals({ refusals, locale }: { refusals: string[]; locale: Locale }) {
  const { t } = useTranslation();
  const sorted = REFUSAL_ORDER.filter((code) => refusals.includes(code));
  return (
    <div className="grid gap-3" data-testid="redeem-refused">
      <p className="font-bold">{t('redeem.unavailable')}</p>
      <ul className="grid gap-2">
        {sorted.map((code) => (
          <li key={code} className="card p-3">
            <p>{t(`redeem.refusals.${code}`)}</p>
            {code === 'REDEEM_WRONG_MODE' && (
              <button type="button" className="btn btn-ghost btn-sm mt-2 border border-line" onClick={() => void switchToFortune()}>
                {t('redeem.switchMode')}
              </button>
            )}
            {(code === 'REDEEM_COOLING_OFF' || code === 'REDEEM_SELF_EXCLUDED') && (
              <a className="btn btn-ghost btn-sm mt-2" href={localizePath('/account/responsible-play/', locale)}>
                {t('redeem.responsiblePlay')}
              </a>
            )}
            {code === 'REDEEM_NOT_VERIFIED' && (
              <a className="btn btn-ghost btn-sm mt-2" href="/account/#verify">
                {t('redeem.verifyNow')}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Redeem (spec §5): only when redeem is active, the mode is SweepStakes and the identity verified;
 * otherwise what is missing. Amount in Fortune Coins (1 FC = 1 USD), a method and its details;
 * pending redemptions can be cancelled. The server enforces every rule again.
 */
export function RedeemPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<RedeemInfo | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [method, setMethod] = useState<RedeemMethod>('gift_card');
  const [amount, setAmount] = useState('');
  const [details, setDetails] = useState<Record<string, string>>({ brand: 'amazon', accountType: 'checking' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keyRef = useRef<string | null>(null);
  const [insufficientOpen, setInsufficientOpen] = useState(false);
  const pickedRef = useRef(false);
  const autoOpenedRef = useRef(false);

  const load = useCallback(() => {
    http<RedeemStatusResponse>('/rest/cash/redeem/')
      .then((answer) => setInfo(answer.data))
      .catch(() => setLoadFailed(true));
  }, []);
  useEffect(load, [load]);
  useRealtime('redeem', load);
  useRealtime('playerVerification', load);
  useRealtime('gameMode', load);

  // Winnings below every minimum: the insufficient withdrawal modal instead of a form that can only
  // fail (opened once by itself; the notice under it reopens it). Otherwise start on a usable method.
  useEffect(() => {
    if (!info?.available) return;
    const offer = methodToOffer(method, info.redeemable, info.minimums);
    if (offer === null) {
      if (!autoOpenedRef.current) setInsufficientOpen(true);
      autoOpenedRef.current = true;
    } else if (offer !== method && !pickedRef.current) setMethod(offer);
  }, [info, method]);

  if (loadFailed) return <p role="alert">{t('redeem.loadFailed')}</p>;
  if (!info) return <p role="status">{t('common.pleaseWait')}</p>;

  const fc = (hundredths: number) => formatFortuneCoins(hundredths / 100, locale);
  const eligible = eligibleMethods(info.redeemable, info.minimums);
  const methodEligible = eligible.includes(method);
  const insufficientNotice = (
    <div className="card grid gap-2 p-3" data-testid="redeem-insufficient">
      <p>{eligible.length === 0 ? t('redeem.insufficient.notice', { available: fc(info.redeemable) }) : t('redeem.insufficient.noticeMethod', { method: t(`redeem.methods.${method}`), minimum: fc(info.minimums[method]) })}</p>
      <button type="button" className="btn btn-ghost btn-sm justify-self-start border border-line" onClick={() => setInsufficientOpen(true)}>
        {t('redeem.insufficient.details')}
      </button>
    </div>
  );
  const detailFields: { name: string; label: string; autoComplete?: string }[] =
    method === 'bank'
      ? [
          { name: 'accountHolder', label: t('redeem.accountHolder'), autoComplete: 'name' },
          { name: 'routingNumber', label: t('redeem.routingNumber') },
          { name: 'accountNumber', label: t('redeem.accountNumber') },
        ]
      : [{ name: 'email', label: t('redeem.giftEmail'), autoComplete: 'email' }];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!info) return;
    const cents = parseCoinsInput(amount);
    const found: Record<string, string> = {};
    if (cents === undefined || cents === null || cents <= 0) found.amount = t('redeem.errors.amount');
    else if (cents < info.minimums[method]) found.amount = t('redeem.errors.minimum', { minimum: fc(info.minimums[method]) });
    else if (cents > info.redeemable) found.amount = t('redeem.errors.tooMuch', { available: fc(info.redeemable) });
    for (const field of detailFields) if (!details[field.name]?.trim()) found[field.name] = t('redeem.errors.required');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || cents === undefined || cents === null) return;
    const body =
      method === 'bank'
        ? { accountHolder: details.accountHolder ?? '', routingNumber: details.routingNumber ?? '', accountNumber: details.accountNumber ?? '', accountType: details.accountType ?? 'checking' }
        : { brand: details.brand ?? 'amazon', email: details.email ?? '' };
    keyRef.current ??= `redeem-${crypto.randomUUID()}`;
    setBusy(true);
    try {
      await http('/rest/cash/redeem/', { method: 'POST', body: { amount: cents, method, idempotencyKey: keyRef.current, details: body } });
      keyRef.current = null;
      setAmount('');
      showToast('default', t('redeem.placed'));
      load();
    } catch (error) {
      keyRef.current = null;
      if (error instanceof HttpError) {
        const fieldErrors: Record<string, string> = {};
        for (const key of Object.keys(error.fields)) fieldErrors[key.replace(/^details\./, '')] = t('redeem.errors.invalid');
        setErrors(fieldErrors);
        setFormError(t(`redeem.codes.${error.code}`, { defaultValue: t('redeem.errors.failed') }));
      } else setFormError(t('redeem.errors.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function cancel(id: number) {
    try {
      await http('/rest/cash/redeem/{id}/cancel/', { method: 'POST', params: { id }, body: {} });
      showToast('default', t('redeem.cancelled'));
      load();
    } catch {
      showToast('error', t('redeem.errors.cancelFailed'));
    }
  }

  return (
    <div className="grid gap-5" data-testid="redeem-panel">
      <p>
        {t('redeem.redeemable')}: <strong className="tabular-nums" data-testid="redeem-available">{fc(info.redeemable)}</strong> {t('balance.fortune')}
      </p>
      {/* Why the figure may be lower than the Fortune Coins held: only winnings count (docs/wallet-ledger.md). */}
      <div className="grid gap-1 text-sm text-muted" data-testid="redeem-playthrough">
        <p>{t('redeem.playthrough.why')}</p>
        {info.unplayed > 0 && <p data-testid="redeem-unplayed">{t('redeem.playthrough.unplayed', { count: info.playthrough, unplayed: fc(info.unplayed) })}</p>}
      </div>
      {info.available && (
        <InsufficientWithdrawalModal open={insufficientOpen} onOpenChange={setInsufficientOpen} redeemable={info.redeemable} minimums={info.minimums} method={eligible.length === 0 ? null : method} fc={fc} />
      )}
      {!info.available ? (
        <Refusals refusals={info.refusals} locale={locale} />
      ) : eligible.length === 0 ? (
        insufficientNotice
      ) : (
        <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate data-testid="redeem-form">
          <fieldset>
            <legend className="field-label">{t('redeem.method')}</legend>
            <div className="grid grid-cols-2 gap-2">
              {REDEEM_METHODS.map((m) => (
                <label key={m} className={`card flex cursor-pointer items-center gap-2 p-3 ${method === m ? 'border-primary' : ''}`}>
                  <input
                    type="radio"
                    name="redeem-method"
                    checked={method === m}
                    onChange={() => {
                      pickedRef.current = true;
                      setMethod(m);
                    }}
                  />
                  <span className="font-bold">{t(`redeem.methods.${m}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {!methodEligible ? (
            insufficientNotice
          ) : (
            <>
              <FormField
                label={t('redeem.amount')}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={errors.amount}
                hint={t('redeem.minimumHint', { minimum: fc(info.minimums[method]) })}
              />
              {method === 'gift_card' && (
                <div>
                  <label className="field-label" htmlFor="redeem-brand">
                    {t('redeem.brand')}
                  </label>
                  <select id="redeem-brand" className="field-input" value={details.brand} onChange={(e) => setDetails({ ...details, brand: e.target.value })}>
                    {GIFT_CARD_BRANDS.map((b) => (
                      <option key={b} value={b}>
                        {t(`redeem.brands.${b}`)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              {method === 'bank' && (
                <div>
                  <label className="field-label" htmlFor="redeem-account-type">
                    {t('redeem.accountType')}
                  </label>
                  <select id="redeem-account-type" className="field-input" value={details.accountType} onChange={(e) => setDetails({ ...details, accountType: e.target.value })}>
                    <option value="checking">{t('redeem.checking')}</option>
                    <option value="savings">{t('redeem.savings')}</option>
                  </select>
                </div>
              )}
              {detailFields.map((field) => (
                <FormField key={`${method}-${field.name}`} label={field.label} autoComplete={field.autoComplete} value={details[field.name] ?? ''} onChange={(e) => setDetails({ ...details, [field.name]: e.target.value })} error={errors[field.name]} />
              ))}
              {formError && (
                <p role="alert" className="field-error" data-testid="redeem-error">
                  {formError}
                </p>
              )}
              <button type="submit" className="btn btn-primary w-full" disabled={busy}>
                {busy ? t('common.pleaseWait') : t('redeem.submit')}
              </button>
            </>
          )}
        </form>
      )}
      {info.pending.length > 0 && (
        <section aria-labelledby="redeem-pending">
          <h3 id="redeem-pending" className="mb-2 text-lg font-bold">
            {t('redeem.pendingTitle')}
          </h3>
          <ul className="grid gap-2" data-testid="redeem-pending-list">
            {info.pending.map((r) => (
              <li key={r.id} className="card flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <strong className="tabular-nums">{fc(r.amount)}</strong> · {t(`redeem.methods.${r.method}`)} · {new Date(r.createdAtMs).toLocaleDateString(locale)}
                </span>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => void cancel(r.id)}>
                  {t('redeem.cancel')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {info.history.some((r) => r.status !== 'pending') && (
        <section aria-labelledby="redeem-history">
          <h3 id="redeem-history" className="mb-2 text-lg font-bold">
            {t('redeem.historyTitle')}
          </h3>
          <ul className="grid gap-2">
            {info.history
              .filter((r) => r.status !== 'pending')
              .map((r) => (
                <li key={r.id} className="card p-3">
                  <strong className="tabular-nums">{fc(r.amount)}</strong> · {t(`redeem.methods.${r.method}`)} · {t(`redeem.status.${r.status}`)}
                  {r.reason && <span className="text-muted"> · {r.reason}</span>}
                </li>
              ))}
          </ul>
        </section>
      )}
    </div>
  );
}
