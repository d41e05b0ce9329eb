import type { BingoRoundAnswer } from '@sweepstack/contracts/bingo/accrue-reward';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import { metaTitle } from '../../../lib/meta';
import { useRealtime } from '../../../lib/use-realtime';
import { formatCountdown, useCountdown } from '../../../platform/countdown';
import { BingoCard } from './bingo-card';
import { newRequestKey, playRound, prizeText, useBingo } from './bingo-api';
import type { Route } from './+types/bingo-page';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';

/**
 * /bingo (spec §2, §3): the period's card, balls to play and progress to the next ball, a round of
 * ten balls when there are ten (spec §9), what each line and the full card can pay (published odds)
 * and the card's fairness commitment.
 */
export default function BingoPage() {
  const { t, i18n } = useTranslation();
  const { data, load, failed, applyRound } = useBingo();
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState<BingoRoundAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void load();
  }, [load]);
  useRealtime('bingo', () => void load());
  const ends = useCountdown(data?.status.bingoEndDate);
  useEffect(() => {
    if (round) result.current?.focus();
  }, [round]);

  const play = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await playRound(newRequestKey());
      applyRound(answer);
      setRound(answer);
    } catch (e) {
      setError((e as { messageKey?: string }).messageKey ?? 'bingo.failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <FeaturePageHeader title={t('bingo.page.title')} intro={t('bingo.page.intro')} />
      {!data ? (
        <FeaturePageStatus>{t(failed ? 'bingo.failed' : 'bingo.loading')}</FeaturePageStatus>
      ) : (
        <>
          <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="bingo-status">
            <h2 id="bingo-status" className="text-xl font-bold">
              {t('bingo.page.balls', { count: data.status.availablePoint })}
            </h2>
            <div>
              <p className="text-sm">{t('bingo.page.progress', { percent: data.status.nextBallProgress })}</p>
              <div className="mt-1 h-2 overflow-hidden rounded-full bg-raised" role="progressbar" aria-label={t('bingo.page.progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={data.status.nextBallProgress}>
                <div className="h-full bg-accent" style={{ width: `${data.status.nextBallProgress}%` }} />
              </div>
            </div>
            <p className="text-sm">
              {t('bingo.page.ends')}{' '}
              <time role="timer" aria-live="off" className="font-mono font-bold">
                {ends === null ? '—' : formatCountdown(ends)}
              </time>
            </p>
            {!data.status.isActive && <p className="text-muted">{t('bingo.page.inactive')}</p>}
            <button type="button" className="btn btn-primary" disabled={busy || !data.status.canPlay || data.card.finished} onClick={() => void play()} data-testid="bingo-play">
              {data.card.finished ? t('bingo.page.finished') : data.status.canPlay ? t('bingo.page.play', { count: data.status.ballsToPlay }) : t('bingo.page.need', { count: data.status.ballsToPlay })}
            </button>
            {error && (
              <p role="alert" className="text-danger">
                {t(error)}
              </p>
            )}
          </section>

          <section className="card p-4 sm:p-6" aria-labelledby="bingo-card-title">
            <h2 id="bingo-card-title" className="mb-3 text-xl font-bold">
              {t('bingo.card.title')}
            </h2>
            <BingoCard card={data.card} />
            <p className="mt-3 text-sm text-muted">{t('bingo.card.drawn', { count: data.card.drawnBalls.length })}</p>
            {round && (
              <div ref={result} tabIndex={-1} role="status" className="mt-3" data-testid="bingo-result">
                <p className="font-bold">{t('bingo.round.balls', { balls: round.balls.join(', ') })}</p>
                {round.rewards.length === 0 ? (
                  <p>{t('bingo.round.noLine')}</p>
                ) : (
                  <ul className="list-disc ps-5">
                    {round.rewards.map((r) => (
                      <li key={r.drawId}>{t(r.kind === 'full' ? 'bingo.round.full' : 'bingo.round.line', { prize: prizeText(r.prize, t, i18n.language) })}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </section>

          <section className="card p-4 sm:p-6" aria-labelledby="bingo-how">
            <h2 id="bingo-how" className="mb-2 text-xl font-bold">
              {t('bingo.how.title')}
            </h2>
            <ul className="list-disc space-y-1 ps-5">
              <li>{t('bingo.how.balls', { count: data.status.ballsToPlay })}</li>
              <li>{t('bingo.how.lines')}</li>
              <li>{t('bingo.how.fair')}</li>
            </ul>
            {[
              { table: data.tables.line, title: t('bingo.how.lineOdds') },
              { table: data.tables.full, title: t('bingo.how.fullOdds') },
            ].map(({ table, title }) => (
              <table key={table.slug} className="mt-3 w-full text-left text-sm" data-testid={`odds-${table.slug}`}>
                <caption className="pb-1 text-left font-bold">{title}</caption>
                <thead>
                  <tr className="text-xs uppercase tracking-wide text-muted">
                    <th scope="col" className="py-1 font-semibold">
                      {t('bingo.how.prize')}
                    </th>
                    <th scope="col" className="py-1 text-right font-semibold">
                      {t('bingo.how.chance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {table.segments.map((s) => (
                    <tr key={s.index} className="border-t border-line">
                      <td className="py-1">{prizeText(s.prize, t, i18n.language)}</td>
                      <td className="py-1 text-right tabular-nums">{formatNumber(s.percent, 2, i18n.language)}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
            <dl className="mt-3 grid gap-1 text-sm">
              <dt className="font-bold">{t('bingo.how.hash')}</dt>
              <dd className="break-all font-mono">{data.card.serverSeedHash}</dd>
              <dt className="font-bold">{t('bingo.how.seed')}</dt>
              <dd className="break-all font-mono">{data.card.serverSeed ?? t('bingo.how.hidden')}</dd>
            </dl>
          </section>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.bingo.name');
