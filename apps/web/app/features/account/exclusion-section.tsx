import * as Dialog from '@radix-ui/react-dialog';
import type { Exclusion, ExclusionState } from '@sweepstack/contracts/responsible-play/exclusion';
import type { ExclusionStateResponse } from '@sweepstack/contracts/responsible-play/exclusion-state';
import type { StartCoolingOffResponse } from '@sweepstack/contracts/responsible-play/start-cooling-off';
import type { StartSelfExclusionResponse } from '@sweepstack/contracts/responsible-play/start-self-exclusion';
import { type ExclusionPeriod, PERIOD_MS } from '@sweepstack/domain/responsible-play/exclusions';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useRevalidator } from 'react-router';
import { http, HttpError } from '../../lib/http';
import { useRootData } from '../../lib/root-data';
import { showToast } from '../toasts/toast-store';

type Kind = Exclusion['kind'];

const PATH: Record<Kind, string> = {
  cooling_off: '/rest/player/responsible-play/cooling-off/',
  self_exclusion: '/rest/player/responsible-play/self-exclusion/',
};

/**
 * Cooling-off and self-exclusion (docs/responsible-play.md): the player picks a period, then confirms
 * in a dialog that says what it blocks and that it cannot be shortened or lifted early. The server
 * refuses a shorter break with a clear code; its message is shown as is.
 */
export function ExclusionSection() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const [data, setData] = useState<ExclusionState | null>(null);
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useState<Record<Kind, string>>({ cooling_off: '24h', self_exclusion: '6m' });
  const [confirming, setConfirming] = useState<Kind | null>(null);
  const [confirmAtMs, setConfirmAtMs] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    http<ExclusionStateResponse>('/rest/player/responsible-play/exclusion/')
      .then(({ data }) => setData(data))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const when = (ms: number | null) => (ms === null ? t('account.exclusion.forever') : new Date(ms).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' }));
  // For the confirmation's wording only; the server decides the real end.
  const endOfChoice = (period: string) => {
    const length = PERIOD_MS[period as ExclusionPeriod];
    return length === null || length === undefined ? t('account.exclusion.forever') : when(confirmAtMs + length);
  };

  async function confirm(kind: Kind) {
    setBusy(true);
    setError(null);
    try {
      const answer = await http<StartCoolingOffResponse | StartSelfExclusionResponse>(PATH[kind], { method: 'POST', body: { period: choice[kind], confirm: true } });
      setData(answer.data);
      setConfirming(null);
      showToast('default', t(kind === 'cooling_off' ? 'account.exclusion.coolingOffStarted' : 'account.exclusion.selfExclusionStarted'));
      // The account status changed: app init (header, cash widget) reads it again.
      void revalidator.revalidate();
    } catch (failure) {
      setConfirming(null);
      setError(failure instanceof HttpError && failure.messageKey ? t(failure.messageKey, { defaultValue: failure.message }) : t('account.exclusion.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <p role="alert">{t('account.loadFailed')}</p>;
  if (!data) return <p role="status">{t('common.pleaseWait')}</p>;

  const selfExcluded = data.state === 'self_excluded';
  const groups: { kind: Kind; periods: string[] }[] = [
    ...(selfExcluded ? [] : [{ kind: 'cooling_off' as const, periods: data.options.coolingOff.map((o) => o.period) }]),
    { kind: 'self_exclusion', periods: data.options.selfExclusion.map((o) => o.period) },
  ];

  return (
    <section className="card grid gap-4 p-4 sm:p-6" aria-labelledby="exclusion-title" data-testid="exclusion-section">
      <h2 id="exclusion-title" className="text-2xl font-extrabold">
        {t('account.exclusion.title')}
      </h2>
      <p className="text-muted">{t('account.exclusion.intro')}</p>
      {data.state !== 'none' && (
        <div className="rounded-theme border border-primary p-3" role="status" data-testid="exclusion-active">
          <p className="font-bold">
            {data.state === 'cooling_off'
              ? t('account.exclusion.activeCoolingOff', { until: when(data.current?.untilMs ?? null) })
              : data.current?.untilMs === null || !data.current
                ? t('account.exclusion.activePermanent')
                : t('account.exclusion.activeSelfExclusion', { until: when(data.current.untilMs) })}
          </p>
          <p className="mt-1 text-sm">{t('account.exclusion.activeRule')}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="field-error" data-testid="exclusion-error">
          {error}
        </p>
      )}
      {!(selfExcluded && data.current?.untilMs === null) &&
        groups.map(({ kind, periods }) => (
          <fieldset key={kind} className="grid gap-2" data-testid={`exclusion-${kind}`}>
            <legend className="mb-1 text-lg font-bold">{t(`account.exclusion.${kind}.title`)}</legend>
            <p className="text-sm text-muted">{t(`account.exclusion.${kind}.text`)}</p>
            <div className="flex flex-wrap gap-2">
              {periods.map((period) => (
                <label key={period} className={`card flex cursor-pointer items-center gap-2 px-3 py-2 ${choice[kind] === period ? 'border-primary' : ''}`}>
                  <input type="radio" name={`exclusion-${kind}`} value={period} checked={choice[kind] === period} onChange={() => setChoice({ ...choice, [kind]: period })} />
                  <span>{t(`account.exclusion.periods.${period}`)}</span>
                </label>
              ))}
            </div>
            <button
              type="button"
              className="btn btn-ghost justify-self-start border border-line"
              onClick={() => {
                setConfirmAtMs(Date.now());
                setConfirming(kind);
              }}
            >
              {t(`account.exclusion.${kind}.start`)}
            </button>
          </fieldset>
        ))}
      <Dialog.Root open={confirming !== null} onOpenChange={(open) => !open && !busy && setConfirming(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
          <Dialog.Content
            data-testid="exclusion-confirm"
            className="fixed left-1/2 top-1/2 z-[71] max-h-[90dvh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-theme-lg border border-line bg-surface p-6 text-fg shadow-2xl"
          >
            {confirming && (
              <>
                <Dialog.Title className="text-2xl font-extrabold">{t(`account.exclusion.${confirming}.confirmTitle`, { period: t(`account.exclusion.periods.${choice[confirming]}`) })}</Dialog.Title>
                <Dialog.Description className="mt-2">
                  {t('account.exclusion.confirmText', { until: endOfChoice(choice[confirming]) })}
                </Dialog.Description>
                <p className="mt-3 font-bold">{t('account.exclusion.confirmRule')}</p>
                <div className="mt-6 flex flex-col gap-2">
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm(confirming)}>
                    {busy ? t('common.pleaseWait') : t(`account.exclusion.${confirming}.confirm`)}
                  </button>
                  <Dialog.Close className="btn btn-ghost" disabled={busy}>
                    {t('account.exclusion.cancel')}
                  </Dialog.Close>
                </div>
              </>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
