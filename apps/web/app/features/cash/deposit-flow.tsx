import type { AvailableSetsCheckResponse, CoinPackage } from '@sweepstack/contracts/cashier/available-sets-check';
import type { DepositResponse } from '@sweepstack/contracts/cashier/deposit';
import type { PromoOfferBundle, PromoOfferPreset } from '@sweepstack/contracts/promo-offers/preset';
import type { PaymentResponse } from '@sweepstack/contracts/cashier/payment';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CoinIcon } from '../../components/icons';
import { trackClickButton, trackError, trackSendForm } from '../../lib/analytics';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { http, HttpError } from '../../lib/http';
import { FormField } from '../auth/form-field';
import { challengeTarget, PAYMENT_METHODS, type PaymentMethod } from './cash-route';
import { useCash } from './cash-store';
import { applyMask, cardNumberMask, cvcMask, EXPIRY_MASK, validateCard } from './input-mask';
import { formatUsd } from './limits';

/** A package as the list shows it: promo offer presets carry their conditions (features/promo-offers). */
type ListedPackage = CoinPackage & Partial<Pick<PromoOfferPreset, 'promoOffer' | 'isLimitPerDayReason' | 'isMinBalanceReason' | 'imagePopup'>> & { step?: number };

export function usePackages(): { packages: ListedPackage[] | null; welcome: ListedPackage | null; failed: boolean } {
  const [packages, setPackages] = useState<ListedPackage[] | null>(null);
  const [welcome, setWelcome] = useState<ListedPackage | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    http<AvailableSetsCheckResponse>('/rest/available-sets/check/')
      .then((answer) => {
        if (cancelled) return;
        setPackages(answer.data.packages);
        // The welcome pack's step this player can buy now (the welcome offer first, then its next steps).
        const bundles = answer.data.promoOffers.bundle as PromoOfferBundle[];
        setWelcome(bundles.find((b) => b.type === 'welcomePack')?.promoOffers.find((o) => o.current) ?? null);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);
  return { packages, welcome, failed };
}

/** Shown but not buyable now: today's purchases of the offer are used up, or the balance is over its minimum. */
function heldBack(p: ListedPackage): 'limitPerDay' | 'minBalance' | null {
  return p.isLimitPerDayReason ? 'limitPerDay' : p.isMinBalanceReason ? 'minBalance' : null;
}

function newIdempotencyKey(): string {
  return `dep-${crypto.randomUUID()}`;
}

function PackageList({ packages, locale, onPick }: { packages: ListedPackage[]; locale: string; onPick(id: string): void }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="cash-packages">
      {packages.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            className="card relative flex h-full w-full flex-col items-start gap-1 p-3 text-left hover:border-primary disabled:opacity-60"
            data-testid={`cash-package-${p.id}`}
            disabled={heldBack(p) !== null}
            onClick={() => onPick(p.id)}
            aria-label={
              t('cash.packageLabel', { coins: formatGoldCoins(p.coins, locale), entries: formatFortuneCoins(p.entries, locale), price: formatUsd(p.priceCents, locale) }) +
              (heldBack(p) ? `. ${t(`promoOffers.heldBack.${heldBack(p)}`)}` : '')
            }
          >
            {(p.bestDeal || p.mostPopular) && (
              <span className="rounded-theme bg-primary px-2 py-0.5 text-xs font-bold text-on-primary">{p.bestDeal ? t('cash.bestDeal') : t('cash.mostPopular')}</span>
            )}
            {/* The operator's badge label is written once, in English: not shown on other languages' pages. */}
            {!p.bestDeal && !p.mostPopular && p.badgeLabel && locale.startsWith('en') && <span className="rounded-theme border border-line px-2 py-0.5 text-xs font-bold">{p.badgeLabel}</span>}
            <span className="flex items-center gap-1 text-lg font-extrabold tabular-nums">
              <CoinIcon tone="gold" /> {formatGoldCoins(p.coins, locale)} <span className="sr-only">{t('balance.gold')}</span>
            </span>
            <span className="flex items-center gap-1 text-sm font-bold tabular-nums">
              <CoinIcon tone="fortune" /> +{formatFortuneCoins(p.entries, locale)} <span className="text-muted">{t('balance.fortune')}</span>
            </span>
            <span className="mt-auto pt-1 font-bold tabular-nums">
              {p.usualPriceCents > p.priceCents && <s className="mr-2 text-muted">{formatUsd(p.usualPriceCents, locale)}</s>}
              {formatUsd(p.priceCents, locale)}
            </span>
            {heldBack(p) && <span className="text-xs text-muted">{t(`promoOffers.heldBack.${heldBack(p)}`)}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The method choice; `labelledBy` is the step heading that names it ("Payment method" once on screen). */
function MethodChoice({ value, onChange, labelledBy }: { value: PaymentMethod | null; onChange(method: PaymentMethod): void; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <fieldset aria-labelledby={labelledBy}>
      <div className="grid gap-2" role="radiogroup">
        {PAYMENT_METHODS.map((m) => (
          <label key={m} className={`card flex cursor-pointer items-center gap-3 p-3 ${value === m ? 'border-primary' : ''}`}>
            <input type="radio" name="cash-method" value={m} checked={value === m} onChange={() => onChange(m)} />
            <span className="font-bold">{t(`cash.methods.${m}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const FIELD_NAME = { number: 'cardnumber', expiry: 'cc-exp', cvc: 'cvc' } as const;

function CardForm({ busy, onSubmit, serverErrors }: { busy: boolean; onSubmit(card: { number: string; expMonth: number; expYear: number; cvc: string }): void; serverErrors: Record<string, string> }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'number' | 'expiry' | 'cvc', string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const digits = number.replace(/\D/g, '');

  useEffect(() => {
    const mapped: Partial<Record<'number' | 'expiry' | 'cvc', string>> = {};
    if (serverErrors['card.number']) mapped.number = t('cash.errors.number');
    if (serverErrors['card.expMonth'] || serverErrors['card.expYear']) mapped.expiry = t('cash.errors.expiry');
    if (serverErrors['card.cvc']) mapped.cvc = t('cash.errors.cvc');
    if (Object.keys(mapped).length > 0) setErrors(mapped);
  }, [serverErrors, t]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateCard({ number, expiry, cvc }, new Date());
    const messages: Partial<Record<'number' | 'expiry' | 'cvc', string>> = {};
    for (const [field, kind] of Object.entries(found)) messages[field as 'number'] = t(`cash.errors.${kind}`);
    setErrors(messages);
    const firstInvalid = (['number', 'expiry', 'cvc'] as const).find((field) => messages[field]);
    if (firstInvalid) {
      trackError('card_form', Object.keys(messages).join(','), 'cash');
      formRef.current?.querySelector<HTMLInputElement>(`[name="${FIELD_NAME[firstInvalid]}"]`)?.focus();
      return;
    }
    const [month = '0', year = '0'] = expiry.split('/');
    onSubmit({ number: digits, expMonth: Number(month), expYear: 2000 + Number(year), cvc });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-3" data-testid="card-form">
      <FormField
        label={t('cash.cardNumber')}
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        value={number}
        onChange={(e) => setNumber(applyMask(e.target.value, cardNumberMask(e.target.value.replace(/\D/g, ''))))}
        error={errors.number}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t('cash.expiry')} name="cc-exp" inputMode="numeric" autoComplete="cc-exp" placeholder={t('cash.expiryPlaceholder')} value={expiry} onChange={(e) => setExpiry(applyMask(e.target.value, EXPIRY_MASK))} error={errors.expiry} />
        <FormField label={t('cash.cvc')} name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={cvc} onChange={(e) => setCvc(applyMask(e.target.value, cvcMask(digits)))} error={errors.cvc} />
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? t('common.pleaseWait') : t('cash.pay')}
      </button>
    </form>
  );
}

/** Shows the bank's 3-D Secure page inside the widget (an iframe), or in a popup when it may not be framed. */
function Challenge({ url }: { url: string }) {
  const { t } = useTranslation();
  const where = challengeTarget(url, window.location.origin);
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted">{t('cash.challengeText')}</p>
      {where.kind === 'frame' ? (
        <iframe src={where.src} title={t('cash.challengeTitle')} className="h-96 w-full rounded-theme border border-line bg-white" data-testid="cash-3ds" />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => window.open(where.src, 'sweepstack-3ds', 'popup,width=480,height=640')}>
          {t('cash.challengeOpen')}
        </button>
      )}
    </div>
  );
}

/**
 * The purchase: package → method → card details → processing (or the 3-D Secure challenge). The
 * answer of POST /rest/cash/deposit/ and the pushes move the steps; coins arrive with the webhook.
 */
export function DepositFlow({ locale, initialPresetId, initialMethod, onFinished }: { locale: string; initialPresetId: string | null; initialMethod: PaymentMethod | null; onFinished(outcome: 'success' | 'failed', reason?: string): void }) {
  const { t } = useTranslation();
  const { packages, failed } = usePackages();
  const cash = useCash();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const headingId = useId();
  const keyRef = useRef<string | null>(null);

  // The preset the route preselected last: choosing a method on that route must not re-apply it (the
  // widget passes the stored method as `initialMethod`, which would jump straight to the card form).
  const appliedPreset = useRef<string | null>(null);
  useEffect(() => {
    if (initialPresetId && appliedPreset.current === initialPresetId && useCash.getState().presetId === initialPresetId) return;
    appliedPreset.current = initialPresetId;
    if (initialPresetId) cash.set({ presetId: initialPresetId, step: initialMethod ? 'details' : 'method', method: initialMethod, paymentId: null, challengeUrl: null });
    else if (cash.step === 'processing' || cash.step === 'challenge') return;
    else cash.set({ step: 'packages', presetId: null, method: null, paymentId: null, challengeUrl: null });
    // Only when the route changes the preselection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialPresetId, initialMethod]);

  // While processing, the payment's own state is checked too: a push missed during a reconnect does
  // not leave the widget waiting forever.
  useEffect(() => {
    if (cash.step !== 'processing' || !cash.paymentId) return undefined;
    const paymentId = cash.paymentId;
    const timer = window.setInterval(() => {
      void http<PaymentResponse>('/rest/cash/payments/{id}/', { params: { id: paymentId } })
        .then(({ data }) => {
          if (useCash.getState().paymentId !== paymentId) return;
          if (data.status === 'complete') onFinished('success');
          else if (data.status === 'declined') onFinished('failed', data.reason);
          else if (data.status === 'pending_3ds' && data.challengeUrl && useCash.getState().step !== 'challenge') useCash.getState().set({ step: 'challenge', challengeUrl: data.challengeUrl });
        })
        .catch(() => undefined);
    }, 4000);
    return () => window.clearInterval(timer);
  }, [cash.step, cash.paymentId, onFinished]);

  const selected = packages?.find((p) => p.id === cash.presetId) ?? null;

  async function pay(card?: { number: string; expMonth: number; expYear: number; cvc: string }) {
    if (!cash.presetId || !cash.method) return;
    setBusy(true);
    setFormError(null);
    setServerErrors({});
    keyRef.current ??= newIdempotencyKey();
    trackSendForm('pay', 'cash');
    try {
      const answer = await http<DepositResponse>('/rest/cash/deposit/', {
        method: 'POST',
        body: { presetId: cash.presetId, methodId: cash.method, ...(card ? { card } : {}), idempotencyKey: keyRef.current },
      });
      keyRef.current = null;
      const { data } = answer;
      if (data.status === 'pending_3ds' && data.challengeUrl) cash.set({ paymentId: data.paymentId, step: 'challenge', challengeUrl: data.challengeUrl });
      else if (data.status === 'declined') {
        cash.set({ paymentId: data.paymentId, step: 'processing' });
      } else cash.set({ paymentId: data.paymentId, step: 'processing' });
    } catch (error) {
      keyRef.current = null;
      if (error instanceof HttpError) {
        setServerErrors(error.fields);
        // A feature's refusal (a promo offer's conditions) says why in its own words.
        const featureMessage = error.messageKey ? t(error.messageKey, { defaultValue: t('cash.declineDefault') }) : t('cash.declineDefault');
        setFormError(error.code === 'VALIDATION_FAILED' ? t('cash.errors.checkFields') : t(`cash.errors.codes.${error.code}`, { defaultValue: featureMessage }));
      } else setFormError(t('cash.declineDefault'));
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <p role="alert">{t('cash.packagesFailed')}</p>;
  if (!packages) return <p role="status">{t('common.pleaseWait')}</p>;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="text-lg font-bold">
        {cash.step === 'packages' ? t('cash.choosePackage') : cash.step === 'method' ? t('cash.methodTitle') : cash.step === 'details' ? t('cash.detailsTitle') : cash.step === 'challenge' ? t('cash.challengeTitle') : t('cash.processing')}
      </h3>
      {selected && cash.step !== 'packages' && (
        <div className="card flex flex-wrap items-center justify-between gap-2 p-3" data-testid="cash-selected">
          <span className="font-bold tabular-nums">
            {formatGoldCoins(selected.coins, locale)} {t('balance.gold')} + {formatFortuneCoins(selected.entries, locale)} {t('balance.fortune')}
          </span>
          <span className="font-bold tabular-nums">{formatUsd(selected.priceCents, locale)}</span>
          {(cash.step === 'method' || cash.step === 'details') && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => cash.set({ step: 'packages', presetId: null })}>
              {t('cash.changePackage')}
            </button>
          )}
        </div>
      )}
      {cash.step === 'packages' && (
        <PackageList
          packages={packages}
          locale={locale}
          onPick={(id) => {
            trackClickButton('package', 'cash');
            cash.set({ presetId: id, step: 'method' });
          }}
        />
      )}
      {cash.step === 'method' && (
        <>
          <MethodChoice value={cash.method} onChange={(method) => cash.set({ method })} labelledBy={headingId} />
          <button type="button" className="btn btn-primary w-full" disabled={!cash.method} onClick={() => cash.set({ step: 'details' })}>
            {t('cash.continue')}
          </button>
        </>
      )}
      {cash.step === 'details' && cash.method === 'card' && <CardForm busy={busy} onSubmit={(card) => void pay(card)} serverErrors={serverErrors} />}
      {cash.step === 'details' && cash.method && cash.method !== 'card' && (
        <div className="grid gap-3">
          <p className="text-muted">{t(`cash.methodNote.${cash.method}`)}</p>
          <button type="button" className="btn btn-primary w-full" disabled={busy} onClick={() => void pay()}>
            {busy ? t('common.pleaseWait') : t('cash.pay')}
          </button>
        </div>
      )}
      {cash.step === 'details' && (
        <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={() => cash.set({ step: 'method' })}>
          {t('cash.changeMethod')}
        </button>
      )}
      {formError && (
        <p role="alert" className="field-error" data-testid="cash-form-error">
          {formError}
        </p>
      )}
      {cash.step === 'processing' && (
        <p role="status" className="text-muted" data-testid="cash-processing">
          {t('cash.processingText')}
        </p>
      )}
      {cash.step === 'challenge' && cash.challengeUrl && <Challenge url={cash.challengeUrl} />}
    </section>
  );
}
