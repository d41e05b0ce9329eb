import * as Dialog from '@radix-ui/react-dialog';
import type { RealityCheckCurrencySummary, RealityCheckResponse } from '@sweepstack/contracts/responsible-play/reality-check';
import type { RealityCheckAcknowledgeRequest } from '@sweepstack/contracts/responsible-play/reality-check-acknowledge';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { http } from '../../lib/http';
import { useRootData } from '../../lib/root-data';
import { useHomeHref, useLocalize } from '../../lib/use-paths';
import type { GameHostMessage } from '../games/messages';
import { registry } from '../../platform/registry';
import { useModals, type ModalEntry } from '../modals/modal-store';
import { durationText } from './reality-check-rules';
import { applyRealityCheck, REALITY_CHECK_PATH } from './reality-check-scheduler';

/** Where "account history" leads: the transaction history on the account page. */
const HISTORY_PATH = '/account/#transactions';

/** Asks every game client open on the page (the game modal's iframe) to stop its autoplay. */
function pauseGameFrames(): void {
  const message: GameHostMessage = { type: 'sweepstack:pause', reason: 'realityCheck' };
  for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[data-testid="game-frame"]')) frame.contentWindow?.postMessage(message, window.location.origin);
}

function closeGameModals(): void {
  const { stack, close } = useModals.getState();
  for (const entry of stack) if (registry.modal(entry.name)?.feature === 'games') close(entry.id);
}

/**
 * The account reality check notification (spec §2 modals; docs/responsible-play.md): how long this
 * play session has lasted and what it staked and won, with the player's three answers. Only its own
 * buttons close it; each answer is recorded by the server and schedules the next reminder.
 */
export default function RealityCheckModal({ entry, onDone }: { entry: ModalEntry; onDone(): void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const localize = useLocalize();
  const home = useHomeHref();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<RealityCheckAcknowledgeRequest['choice'] | null>(null);
  const [failed, setFailed] = useState(false);
  const state = entry.realityCheck;
  const session = state?.session ?? null;

  // Play does not go on by itself behind the reminder: a running autoplay stops.
  useEffect(() => {
    pauseGameFrames();
  }, []);

  async function answer(choice: RealityCheckAcknowledgeRequest['choice']) {
    setBusy(choice);
    setFailed(false);
    try {
      const next = await http<RealityCheckResponse>(`${REALITY_CHECK_PATH}acknowledge/`, { method: 'POST', body: { choice } });
      onDone();
      applyRealityCheck(next.data);
      if (choice === 'continue') return;
      // Leave the game for the player home or the history; the game modals close once the page has
      // changed (closing first would make the game modal put its own address back).
      await navigate(choice === 'stop' ? home : localize(HISTORY_PATH));
      closeGameModals();
    } catch {
      setFailed(true);
      setBusy(null);
    }
  }

  const duration = durationText(session?.timePlayedMs ?? 0);
  const time = t(`account.realityCheck.duration.${duration.key}`, { hours: duration.hours, minutes: duration.minutes });
  const amount = (line: RealityCheckCurrencySummary, value: number, signed = false) => {
    const text = line.currency === 'GC' ? formatGoldCoins(Math.abs(value), locale) : formatFortuneCoins(Math.abs(value), locale);
    return `${value < 0 ? '−' : signed && value > 0 ? '+' : ''}${text}`;
  };

  return (
    <div data-testid="reality-check">
      <Dialog.Title className="text-2xl font-extrabold">{t('account.realityCheck.modal.title')}</Dialog.Title>
      <Dialog.Description className="mt-2 text-lg" data-testid="reality-check-time">
        {t('account.realityCheck.modal.played', { time })}
      </Dialog.Description>
      {session && (
        <p className="mt-1 text-sm text-muted">
          {t('account.realityCheck.modal.since', { time: new Date(session.startedAtMs).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' }) })}
        </p>
      )}
      {session && session.summary.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm tabular-nums" data-testid="reality-check-summary">
          <caption className="mb-1 text-left font-bold">{t('account.realityCheck.modal.summary')}</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-2 font-normal">
                {t('account.realityCheck.modal.currency')}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                {t('account.realityCheck.modal.staked')}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                {t('account.realityCheck.modal.won')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('account.realityCheck.modal.net')}
              </th>
            </tr>
          </thead>
          <tbody>
            {session.summary.map((line) => (
              <tr key={line.currency} className="border-t border-line">
                <th scope="row" className="py-1 pr-2 font-bold">
                  {t(line.currency === 'GC' ? 'balance.gold' : 'balance.fortune')}
                  <span className="block text-xs font-normal text-muted">{t('account.realityCheck.modal.rounds', { rounds: line.rounds })}</span>
                </th>
                <td className="py-1 pr-2 text-right">{amount(line, line.staked)}</td>
                <td className="py-1 pr-2 text-right">{amount(line, line.won)}</td>
                <td className="py-1 text-right font-bold">{amount(line, line.net, true)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm">{t('account.realityCheck.modal.nothingPlayed')}</p>
      )}
      {failed && (
        <p role="alert" className="field-error mt-3">
          {t('account.realityCheck.modal.failed')}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2">
        {/* Focus starts here: the dialog mounts while its chunk loads, so the dialog's own first-focus finds nothing. */}
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void answer('continue')} autoFocus>
          {busy === 'continue' ? t('common.pleaseWait') : t('account.realityCheck.modal.continue')}
        </button>
        <button type="button" className="btn btn-ghost border border-line" disabled={busy !== null} onClick={() => void answer('stop')}>
          {busy === 'stop' ? t('common.pleaseWait') : t('account.realityCheck.modal.stop')}
        </button>
        <Link
          className="self-center underline underline-offset-4"
          to={localize(HISTORY_PATH)}
          onClick={(event) => {
            // A plain click answers "history" first; a new tab or window just opens the page.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            if (busy === null) void answer('history');
          }}
        >
          {t('account.realityCheck.modal.history')}
        </Link>
      </div>
    </div>
  );
}
