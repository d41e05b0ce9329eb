// Declares the `lottery` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/lottery/pushes';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import { formatCountdown, useCountdown } from '../../../platform/countdown';
import { takeReward, useLotteryDetails, verifyDraw, type LotteryType } from './lottery-api';
import type { Route } from './+types/lottery-page';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';

function usePrizeText() {
  const { t, i18n } = useTranslation();
  return (p: { coins: number; entries: number }) =>
    [p.coins > 0 ? t('lottery.gc', { amount: formatGoldCoins(p.coins, i18n.language) }) : null, p.entries > 0 ? t('lottery.fc', { amount: formatFortuneCoins(p.entries, i18n.language) }) : null].filter(Boolean).join(' + ');
}

function Hash({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase text-muted">{label}</dt>
      <dd className="break-all font-mono text-xs">{value ?? t('lottery.fairness.notYet')}</dd>
    </div>
  );
}

/**
 * /lottery (spec §2): the weekly and monthly draws side by side as tabs; the open draw with its
 * countdown, prizes, the player's tickets and how tickets are earned; rewards to take; the last
 * results with the revealed seed, and a button that recomputes them in the browser.
 */
export default function LotteryPage() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const prizeText = usePrizeText();
  const [type, setType] = useState<LotteryType>('weekly');
  const { details, failed, load } = useLotteryDetails(type);
  const [message, setMessage] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<{ seedOk: boolean; listOk: boolean; winnersOk: boolean; tickets: number } | null>(null);
  const [verifying, setVerifying] = useState(false);
  useEffect(() => {
    setVerdict(null);
    void load();
  }, [load]);
  useRealtime('lottery', () => void load());
  const draw = details?.data ?? null;
  const seconds = useCountdown(draw ? Date.parse(draw.closesAt) : null, () => void load());
  const results = details?.results ?? null;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  async function take(id: number) {
    setMessage(null);
    try {
      await takeReward(id);
      setMessage(t('lottery.rewards.taken'));
    } catch (failure) {
      setMessage(t(failure instanceof HttpError && failure.messageKey ? failure.messageKey : 'lottery.failed'));
    }
    await load();
  }

  async function verify() {
    if (!results) return;
    setVerifying(true);
    try {
      setVerdict(await verifyDraw(results.draw, results.winners.map((w) => w.ticketNumber)));
    } finally {
      setVerifying(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <FeaturePageHeader title={t('lottery.title')} intro={t('lottery.intro')} />

      <div role="tablist" aria-label={t('lottery.types')} className="mx-auto flex gap-2">
        {(['weekly', 'monthly'] as const).map((value) => (
          <button key={value} type="button" role="tab" aria-selected={type === value} className={`btn ${type === value ? 'btn-primary' : 'btn-ghost'}`} onClick={() => setType(value)} data-testid={`lottery-tab-${value}`}>
            {t(`lottery.type.${value}`)}
          </button>
        ))}
      </div>

      {!details ? (
        <FeaturePageStatus>{t(failed ? 'lottery.failed' : 'lottery.loading')}</FeaturePageStatus>
      ) : (
        <div role="tabpanel" className="flex flex-col gap-6">
          {message && (
            <p role="status" className="card p-3 text-center font-semibold" data-testid="lottery-message">
              {message}
            </p>
          )}

          {draw ? (
            <section className="card grid gap-4 p-4 sm:p-6 md:grid-cols-2" aria-labelledby="lottery-open" data-testid="lottery-open">
              <div className="flex flex-col gap-3">
                <h2 id="lottery-open" className="text-xl font-bold">
                  {t('lottery.open.title', { number: draw.number })}
                </h2>
                <p>
                  {t('lottery.open.closesIn')}{' '}
                  <time role="timer" aria-live="off" dateTime={draw.closesAt} className="font-mono font-bold">
                    {seconds === null ? date(draw.closesAt) : formatCountdown(seconds)}
                  </time>
                </p>
                {root.isGuest ? (
                  <Link to={localize('/signup/')} className="btn btn-primary self-start">
                    {t('lottery.signUp')}
                  </Link>
                ) : (
                  <p className="text-lg" data-testid="lottery-ticket-count">
                    {t('lottery.open.yourTickets', { count: details.tickets.count, max: details.tickets.max })}
                  </p>
                )}
                <p className="text-sm text-muted">{t('lottery.open.total', { count: draw.ticketCount })}</p>
                <h3 className="font-bold">{t('lottery.how.title')}</h3>
                <ul className="list-disc space-y-1 pl-5 text-sm">
                  <li>{t('lottery.how.play', { amount: formatFortuneCoins(details.promo.wagerPerTicket, i18n.language) })}</li>
                  <li>{t('lottery.how.received', { amount: formatFortuneCoins(details.promo.receivedPerTicket, i18n.language) })}</li>
                  <li>
                    {t('lottery.how.free')}{' '}
                    <Link to={localize('/free-entry/')} className="underline">
                      {t('lottery.how.freeLink')}
                    </Link>
                  </li>
                  <li>{t('lottery.how.cap', { count: details.promo.maxTicketsPerPlayer })}</li>
                  <li>{t('lottery.how.rewards', { count: details.promo.rewardDays })}</li>
                </ul>
              </div>
              <div className="flex flex-col gap-3">
                <h3 className="font-bold">{t('lottery.prizes')}</h3>
                <ol className="flex flex-col gap-1 text-sm" data-testid="lottery-prizes">
                  {draw.prizes.map((p) => (
                    <li key={p.place} className="flex justify-between gap-3 rounded-lg bg-raised px-3 py-1">
                      <span>{t('lottery.place', { place: p.place })}</span>
                      <strong>{prizeText(p)}</strong>
                    </li>
                  ))}
                </ol>
                <dl className="grid gap-2">
                  <Hash label={t('lottery.fairness.seedHash')} value={draw.seedHash} />
                </dl>
              </div>
            </section>
          ) : (
            <p className="card p-4 text-center">{t('lottery.none')}</p>
          )}

          {details.rewards.length > 0 && (
            <section className="card p-4 sm:p-6" aria-labelledby="lottery-rewards">
              <h2 id="lottery-rewards" className="mb-3 text-xl font-bold">
                {t('lottery.rewards.title')}
              </h2>
              <ul className="flex flex-col gap-2">
                {details.rewards.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="lottery-reward" data-status={r.status}>
                    <span>{t('lottery.rewards.line', { number: r.number, place: r.place, prize: prizeText(r) })}</span>
                    {r.status === 'pending' ? (
                      <button type="button" className="btn btn-accent" onClick={() => void take(r.id)} data-testid="lottery-take">
                        {t('lottery.rewards.take')}
                      </button>
                    ) : (
                      <span className="text-sm text-muted">{t(`lottery.rewards.${r.status}`)}</span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {results && (
            <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="lottery-results" data-testid="lottery-results">
              <h2 id="lottery-results" className="text-xl font-bold">
                {t('lottery.results.title', { number: results.draw.number, date: date(results.draw.closesAt) })}
              </h2>
              {results.winners.length === 0 ? (
                <p className="text-muted">{t('lottery.results.none')}</p>
              ) : (
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr>
                      <th scope="col">{t('lottery.results.place')}</th>
                      <th scope="col">{t('lottery.results.ticket')}</th>
                      <th scope="col">{t('lottery.results.holder')}</th>
                      <th scope="col">{t('lottery.results.prize')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {results.winners.map((w) => (
                      <tr key={w.place} className={w.isYou ? 'font-bold' : ''}>
                        <td>{w.place}</td>
                        <td className="font-mono">#{w.ticketNumber}</td>
                        <td className="font-mono">{w.isYou ? t('lottery.results.you') : w.holder}</td>
                        <td>{prizeText(w)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <dl className="grid gap-2 sm:grid-cols-3">
                <Hash label={t('lottery.fairness.seedHash')} value={results.draw.seedHash} />
                <Hash label={t('lottery.fairness.seed')} value={results.draw.seed} />
                <Hash label={t('lottery.fairness.listHash')} value={results.draw.ticketListHash} />
              </dl>
              <p className="text-sm text-muted">{t('lottery.fairness.how')}</p>
              <button type="button" className="btn btn-ghost self-start" onClick={() => void verify()} disabled={verifying} data-testid="lottery-verify">
                {t('lottery.fairness.verify')}
              </button>
              {verdict && (
                <p role="status" data-testid="lottery-verdict" className="font-semibold">
                  {verdict.seedOk && verdict.listOk && verdict.winnersOk ? t('lottery.fairness.ok', { count: verdict.tickets }) : t('lottery.fairness.bad')}
                </p>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'lottery.title');
