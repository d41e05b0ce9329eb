import type { PrizeTableOdds, PrizeView } from '@sweepstack/contracts/rewards/prize';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { formatFortuneCoins, formatGoldCoins, formatNumber } from '../lib/format';
import { http, HttpError } from '../lib/http';
import { metaTitle } from '../lib/meta';
import { getSession } from '../lib/session.server';
import { useLocalize } from '../lib/use-paths';
import type { Route } from './+types/fairness';

interface Seeds {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

interface FairRound {
  roundId: number;
  gameSlug: string;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  request: { bet: number; buy: boolean };
  stateBefore: unknown;
  outcome: { grid: string[][]; totalWin: number; wins: unknown[] };
}

interface Verification {
  commitmentMatches: boolean;
  outcomeMatches: boolean;
  replayedGrid: string[][];
  replayedWin: number;
}

/** Every published prize table (for guests too): the odds section below. */
async function loadOdds(context: Route.LoaderArgs['context']): Promise<PrizeTableOdds[]> {
  try {
    const response = await context.api('/rest/rewards/odds/');
    if (!response.ok) return [];
    return ((await response.json()) as { data: { tables: PrizeTableOdds[] } }).data.tables;
  } catch {
    return [];
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  const odds = await loadOdds(context);
  if (session.isGuest) return { seeds: null, odds };
  try {
    const response = await context.api('/rest/fairness/seeds/');
    if (!response.ok) return { seeds: null, odds };
    return { seeds: ((await response.json()) as { data: Seeds }).data, odds };
  } catch {
    return { seeds: null, odds };
  }
}

function prizeWords(prize: PrizeView, t: TFunction, locale: string): string {
  switch (prize.kind) {
    case 'gold_coins':
      return t('fairness.prizeGc', { amount: formatGoldCoins(prize.amount, locale) });
    case 'fortune_coins':
      return t('fairness.prizeFc', { amount: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'coins':
      return t('fairness.prizeBoth', { gc: formatGoldCoins(prize.amount, locale), fc: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'free_spins':
      return t('fairness.prizeFreeSpins', { count: prize.count });
    case 'multiplier':
      return t('fairness.prizeMultiplier', { factor: prize.factor });
    case 'lootbox':
      return t('fairness.prizeLootbox');
    case 'nothing':
      return t('fairness.prizeNothing');
  }
}

/** The published odds of every prize table (docs/rewards.md), computed by the server from the weights the draws use. */
function PublishedOdds({ tables }: { tables: PrizeTableOdds[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="odds-title" className="card flex flex-col gap-4 p-5" data-testid="published-odds">
      <h2 id="odds-title" className="text-xl font-extrabold">
        {t('fairness.oddsTitle')}
      </h2>
      <p className="text-muted">{t('fairness.oddsText')}</p>
      {tables.length === 0 && <p>{t('fairness.oddsNone')}</p>}
      {tables.map((table) => (
        <table key={table.slug} className="w-full text-left text-sm" data-testid={`published-odds-${table.slug}`}>
          <caption className="pb-1 text-left font-bold">{t('fairness.oddsTable', { name: t(`fairness.tableNames.${table.slug}`, { defaultValue: `${table.feature}: ${table.slug}` }), version: table.version })}</caption>
          <thead>
            <tr className="text-xs uppercase tracking-wide text-muted">
              <th scope="col" className="py-1 font-semibold">
                {t('fairness.oddsPrize')}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t('fairness.oddsChance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {table.segments.map((segment) => (
              <tr key={segment.index} className="border-t border-line">
                {/* The prize in the page's words: an operator's segment label is one English text (docs/rewards.md). */}
                <td className="py-1">{prizeWords(segment.prize, t, i18n.language)}</td>
                <td className="py-1 text-right tabular-nums">{formatNumber(segment.percent, 2, i18n.language)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

const mono = 'break-all font-mono text-sm';

function SeedPanel({ initial }: { initial: Seeds }) {
  const { t } = useTranslation();
  const [seeds, setSeeds] = useState(initial);
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<{ serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function rotate(newClientSeed?: string) {
    setBusy(true);
    setError(null);
    try {
      const answer = await http<{ data: { revealed: NonNullable<typeof revealed>; current: Seeds } }>(newClientSeed ? '/rest/fairness/client-seed/' : '/rest/fairness/rotate/', { method: 'POST', body: newClientSeed ? { clientSeed: newClientSeed } : {} });
      setRevealed(answer.data.revealed);
      setSeeds(answer.data.current);
      setClientSeed('');
    } catch (failure) {
      setError(failure instanceof HttpError && failure.fields.clientSeed ? t('fairness.clientSeedInvalid') : t('fairness.failed'));
    } finally {
      setBusy(false);
    }
  }

  const valid = /^[\x21-\x7e]{1,64}$/.test(clientSeed);
  return (
    <section aria-labelledby="seeds-title" className="card p-5">
      <h2 id="seeds-title" className="text-xl font-extrabold">
        {t('fairness.current')}
      </h2>
      <dl className="mt-3 grid gap-2" data-testid="fairness-seeds">
        <dt className="text-sm text-muted">{t('fairness.serverSeedHash')}</dt>
        <dd className={mono}>{seeds.serverSeedHash}</dd>
        <dt className="text-sm text-muted">{t('fairness.clientSeed')}</dt>
        <dd className={mono}>{seeds.clientSeed}</dd>
        <dt className="text-sm text-muted">{t('fairness.nonce')}</dt>
        <dd className={mono}>{seeds.nonce}</dd>
      </dl>
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void rotate(clientSeed);
        }}
      >
        <label className="flex min-w-56 flex-1 flex-col">
          <span className="field-label">{t('fairness.newClientSeed')}</span>
          <input className="field-input" value={clientSeed} onChange={(e) => setClientSeed(e.target.value)} maxLength={64} aria-invalid={clientSeed !== '' && !valid} aria-describedby="client-seed-help" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || !valid}>
          {t('fairness.setClientSeed')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void rotate()} data-testid="rotate-seed">
          {t('fairness.rotate')}
        </button>
      </form>
      <p id="client-seed-help" className="mt-1 text-sm text-muted">
        {t('fairness.clientSeedHelp')}
      </p>
      {error && (
        <p role="alert" className="field-error mt-2">
          {error}
        </p>
      )}
      {revealed && (
        <div className="mt-4" role="status">
          <h3 className="font-bold">{t('fairness.revealed')}</h3>
          <dl className="mt-2 grid gap-1">
            <dt className="text-sm text-muted">{t('fairness.serverSeed')}</dt>
            <dd className={mono} data-testid="revealed-seed">
              {revealed.serverSeed}
            </dd>
            <dt className="text-sm text-muted">{t('fairness.serverSeedHash')}</dt>
            <dd className={mono}>{revealed.serverSeedHash}</dd>
            <dt className="text-sm text-muted">{t('fairness.lastNonce')}</dt>
            <dd className={mono}>{revealed.lastNonce}</dd>
          </dl>
        </div>
      )}
    </section>
  );
}

function Verifier() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [roundId, setRoundId] = useState(search.get('round') ?? '');
  const [round, setRound] = useState<FairRound | null>(null);
  const [result, setResult] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load(id: string) {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await http<{ data: FairRound }>('/rest/fairness/rounds/{id}/', { params: { id } });
      setRound(answer.data);
      if (answer.data.serverSeed) await verify(answer.data);
    } catch (failure) {
      setRound(null);
      setError(failure instanceof HttpError && failure.status === 404 ? t('fairness.roundNotFound') : t('fairness.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function verify(r: FairRound) {
    if (!r.serverSeed) return;
    // The verifier (SHA-256, HMAC and the engines) loads on this page only.
    const { verifyStep } = await import('@sweepstack/games/fairness/verify-round');
    const check = verifyStep(r.gameSlug, { serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce }, r.serverSeedHash, r.request, r.stateBefore as Parameters<typeof verifyStep>[4], r.outcome as Parameters<typeof verifyStep>[5]);
    setResult({ commitmentMatches: check.commitmentMatches, outcomeMatches: check.outcomeMatches, replayedGrid: check.replayed.grid, replayedWin: check.replayed.totalWin });
  }

  async function revealAndVerify() {
    setBusy(true);
    try {
      await http('/rest/fairness/rotate/', { method: 'POST', body: {} });
      if (round) await load(String(round.roundId));
    } catch {
      setError(t('fairness.failed'));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const initial = search.get('round');
    if (initial && /^\d+$/.test(initial)) void load(initial);
    // Once, from the link of the round history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ok = result && result.commitmentMatches && result.outcomeMatches;
  return (
    <section aria-labelledby="verify-title" className="card p-5">
      <h2 id="verify-title" className="text-xl font-extrabold">
        {t('fairness.verifyTitle')}
      </h2>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (/^\d+$/.test(roundId)) void load(roundId);
        }}
      >
        <label className="flex flex-col">
          <span className="field-label">{t('fairness.roundId')}</span>
          <input className="field-input w-40" inputMode="numeric" value={roundId} onChange={(e) => setRoundId(e.target.value.replace(/\D/g, ''))} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || roundId === ''} data-testid="verify-round">
          {t('fairness.verify')}
        </button>
      </form>
      {error && (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      )}
      {round && (
        <dl className="mt-4 grid gap-1">
          <dt className="text-sm text-muted">{t('fairness.game')}</dt>
          <dd>{round.gameSlug}</dd>
          <dt className="text-sm text-muted">{t('fairness.serverSeedHash')}</dt>
          <dd className={mono}>{round.serverSeedHash}</dd>
          <dt className="text-sm text-muted">{t('fairness.clientSeed')}</dt>
          <dd className={mono}>{round.clientSeed}</dd>
          <dt className="text-sm text-muted">{t('fairness.nonce')}</dt>
          <dd className={mono}>{round.nonce}</dd>
          <dt className="text-sm text-muted">{t('fairness.serverSeed')}</dt>
          <dd className={mono}>{round.serverSeed ?? t('fairness.notRevealed')}</dd>
        </dl>
      )}
      {round && !round.serverSeed && (
        <div className="mt-3">
          <p className="text-muted">{t('fairness.revealFirst')}</p>
          <button type="button" className="btn btn-primary mt-2" disabled={busy} onClick={() => void revealAndVerify()} data-testid="reveal-and-verify">
            {t('fairness.revealAndVerify')}
          </button>
        </div>
      )}
      {result && (
        <div role="status" className={`mt-4 rounded-theme border p-3 ${ok ? 'border-accent' : 'border-danger'}`} data-testid="verify-result" data-ok={ok ? 'true' : 'false'}>
          <p className="font-bold">{ok ? t('fairness.verified') : t('fairness.notVerified')}</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            <li>{t(result.commitmentMatches ? 'fairness.commitmentOk' : 'fairness.commitmentBad')}</li>
            <li>{t(result.outcomeMatches ? 'fairness.outcomeOk' : 'fairness.outcomeBad')}</li>
          </ul>
          <p className="mt-2 font-mono text-xs">{result.replayedGrid.map((col) => col.join(' ')).join(' | ')}</p>
        </div>
      )}
    </section>
  );
}

interface FairDraw {
  drawId: number;
  feature: string;
  table: { slug: string; version: number; totalWeight: number; segments: { index: number; weight: number; percent: number; prize: unknown }[] };
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  ticket: number;
  segmentIndex: number;
}

/**
 * Verify a prize draw (a wheel spin, a lootbox: docs/rewards.md): recomputes the ticket and the segment
 * in the browser from the revealed seed and the table version the draw used, with the server's code.
 */
function DrawVerifier() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [drawId, setDrawId] = useState(search.get('draw') ?? '');
  const [draw, setDraw] = useState<FairDraw | null>(null);
  const [result, setResult] = useState<{ commitmentMatches: boolean; drawMatches: boolean; ticket: number; segmentIndex: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load(id: string) {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await http<{ data: FairDraw }>('/rest/fairness/draws/{id}/', { params: { id } });
      setDraw(answer.data);
      if (answer.data.serverSeed) await verify(answer.data);
    } catch (failure) {
      setDraw(null);
      setError(failure instanceof HttpError && failure.status === 404 ? t('fairness.drawNotFound') : t('fairness.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function verify(d: FairDraw) {
    if (!d.serverSeed) return;
    // The same code the server draws with, loaded on this page only.
    const [{ drawSegmentIndex }, { HmacRandomSource }, { verifyCommitment }] = await Promise.all([import('@sweepstack/domain/rewards/prize-table'), import('@sweepstack/games/fairness/hmac-random'), import('@sweepstack/games/fairness/seeds')]);
    const replayed = drawSegmentIndex({ segments: d.table.segments.map((s) => ({ weight: s.weight, prize: s.prize as never })) }, new HmacRandomSource({ serverSeed: d.serverSeed, clientSeed: d.clientSeed, nonce: d.nonce }));
    setResult({ commitmentMatches: verifyCommitment(d.serverSeed, d.serverSeedHash), drawMatches: replayed.index === d.segmentIndex && replayed.ticket === d.ticket, ticket: replayed.ticket, segmentIndex: replayed.index });
  }

  async function revealAndVerify() {
    setBusy(true);
    try {
      await http('/rest/fairness/rotate/', { method: 'POST', body: {} });
      if (draw) await load(String(draw.drawId));
    } catch {
      setError(t('fairness.failed'));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const initial = search.get('draw');
    if (initial && /^\d+$/.test(initial)) void load(initial);
    // Once, from the link of the wheel's result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ok = result && result.commitmentMatches && result.drawMatches;
  return (
    <section aria-labelledby="verify-draw-title" className="card p-5">
      <h2 id="verify-draw-title" className="text-xl font-extrabold">
        {t('fairness.drawTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('fairness.drawText')}</p>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (/^\d+$/.test(drawId)) void load(drawId);
        }}
      >
        <label className="flex flex-col">
          <span className="field-label">{t('fairness.drawId')}</span>
          <input className="field-input w-40" inputMode="numeric" value={drawId} onChange={(e) => setDrawId(e.target.value.replace(/\D/g, ''))} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || drawId === ''} data-testid="verify-draw">
          {t('fairness.verify')}
        </button>
      </form>
      {error && (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      )}
      {draw && (
        <dl className="mt-4 grid gap-1">
          <dt className="text-sm text-muted">{t('fairness.drawTable')}</dt>
          <dd>
            {draw.table.slug} (v{draw.table.version})
          </dd>
          <dt className="text-sm text-muted">{t('fairness.serverSeedHash')}</dt>
          <dd className={mono}>{draw.serverSeedHash}</dd>
          <dt className="text-sm text-muted">{t('fairness.clientSeed')}</dt>
          <dd className={mono}>{draw.clientSeed}</dd>
          <dt className="text-sm text-muted">{t('fairness.nonce')}</dt>
          <dd className={mono}>{draw.nonce}</dd>
          <dt className="text-sm text-muted">{t('fairness.drawTicket')}</dt>
          <dd className={mono}>
            {draw.ticket} / {draw.table.totalWeight}
          </dd>
          <dt className="text-sm text-muted">{t('fairness.serverSeed')}</dt>
          <dd className={mono}>{draw.serverSeed ?? t('fairness.notRevealed')}</dd>
        </dl>
      )}
      {draw && !draw.serverSeed && (
        <div className="mt-3">
          <p className="text-muted">{t('fairness.drawRevealFirst')}</p>
          <button type="button" className="btn btn-primary mt-2" disabled={busy} onClick={() => void revealAndVerify()} data-testid="reveal-and-verify-draw">
            {t('fairness.revealAndVerify')}
          </button>
        </div>
      )}
      {result && (
        <div role="status" className={`mt-4 rounded-theme border p-3 ${ok ? 'border-accent' : 'border-danger'}`} data-testid="verify-draw-result" data-ok={ok ? 'true' : 'false'}>
          <p className="font-bold">{ok ? t('fairness.drawVerified') : t('fairness.notVerified')}</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            <li>{t(result.commitmentMatches ? 'fairness.commitmentOk' : 'fairness.commitmentBad')}</li>
            <li>{t(result.drawMatches ? 'fairness.drawOk' : 'fairness.drawBad', { segment: result.segmentIndex + 1, ticket: result.ticket })}</li>
          </ul>
        </div>
      )}
    </section>
  );
}

/** `/fairness`: the provably fair scheme, the player's seeds, and an in-browser verifier of past rounds. */
export default function Fairness({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const steps = ['commit', 'client', 'nonce', 'hmac', 'rejection', 'verify'] as const;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-extrabold">{t('fairness.title')}</h1>
      <p className="text-lg text-muted">{t('fairness.intro')}</p>
      <ol className="flex list-decimal flex-col gap-2 pl-6">
        {steps.map((step) => (
          <li key={step}>
            <strong>{t(`fairness.steps.${step}.title`)}</strong> {t(`fairness.steps.${step}.text`)}
          </li>
        ))}
      </ol>
      <pre tabIndex={0} aria-label={t('fairness.formula')} className="overflow-x-auto rounded-theme bg-raised p-3 text-xs">{'block(cursor) = HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`)\nw < 2^32 − (2^32 mod n) ? w mod n : next word'}</pre>
      {loaderData.seeds ? (
        <>
          <SeedPanel initial={loaderData.seeds} />
          <Verifier />
          <DrawVerifier />
        </>
      ) : (
        <p>
          <Link to={localize('/signin/')} className="btn btn-primary">
            {t('fairness.signIn')}
          </Link>
        </p>
      )}
      <PublishedOdds tables={loaderData.odds} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'fairness.title');
