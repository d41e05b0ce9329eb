// Declares the `adventureMap` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/adventure-map/pushes';
import type { AdventureMapInfo, AdventureMapSection } from '@sweepstack/contracts/adventure-map/map';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { http } from '../../../lib/http';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import type { Route } from './+types/adventure-map-page';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';

/** Fluent Emoji illustrations (MIT), one per stop along the way; the last stop is the castle. */
const STOP_ART = ['sailboat', 'desert-island', 'palm-tree', 'camping', 'national-park', 'snow-capped-mountain', 'volcano', 'classical-building'];
const art = (index: number, count: number) => `/images/adventure-map/${index === count - 1 ? 'castle' : STOP_ART[index % STOP_ART.length]}.svg`;

const WIDTH = 360;
const STEP = 120;
const TOP = 70;

/** Where stop `i` sits: a winding trail down the map. */
function stopPoint(i: number): { x: number; y: number } {
  const xs = [90, 250, 290, 150, 70, 210];
  return { x: xs[i % xs.length]!, y: TOP + i * STEP };
}

/** A smooth trail through the stops (cubic curves, control points halfway down between two stops). */
function trail(from: number, to: number): string {
  let d = '';
  for (let i = from; i <= to; i++) {
    const p = stopPoint(i);
    if (i === from) d += `M ${p.x} ${p.y}`;
    else {
      const q = stopPoint(i - 1);
      const mid = (q.y + p.y) / 2;
      d += ` C ${q.x} ${mid}, ${p.x} ${mid}, ${p.x} ${p.y}`;
    }
  }
  return d;
}

function awardText(award: { coins: number; entries: number }, t: TFunction, locale: string): string {
  if (award.coins > 0 && award.entries > 0) return t('adventureMap.award.both', { gc: formatGoldCoins(award.coins, locale), fc: formatFortuneCoins(award.entries, locale) });
  if (award.entries > 0) return t('adventureMap.award.fc', { amount: formatFortuneCoins(award.entries, locale) });
  if (award.coins > 0) return t('adventureMap.award.gc', { amount: formatGoldCoins(award.coins, locale) });
  return t('adventureMap.award.none');
}

/** The map itself: sea, trail, illustrated stops, unopened and opened awards, the player's token. */
function MapDrawing({ info, label }: { info: AdventureMapInfo; label: string }) {
  const count = info.sections.length;
  const current = info.sections.findIndex((s) => s.isCurrent);
  const height = TOP * 2 + (count - 1) * STEP;
  const token = stopPoint(Math.max(0, current));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="mx-auto block w-full max-w-md" role="img" aria-label={label}>
      <defs>
        <pattern id="adventure-waves" width="48" height="24" patternUnits="userSpaceOnUse">
          <path d="M0 12 q12 -8 24 0 t24 0" fill="none" stroke="var(--color-line)" strokeWidth="1.5" opacity="0.6" />
        </pattern>
      </defs>
      <rect width={WIDTH} height={height} rx="18" fill="var(--color-raised)" />
      <rect width={WIDTH} height={height} rx="18" fill="url(#adventure-waves)" />
      <path d={trail(0, count - 1)} fill="none" stroke="var(--color-muted)" strokeWidth="5" strokeDasharray="2 12" strokeLinecap="round" />
      {current > 0 && <path d={trail(0, current)} fill="none" stroke="var(--color-accent)" strokeWidth="6" strokeLinecap="round" />}
      {info.sections.map((section) => {
        const p = stopPoint(section.index);
        const hasAward = section.award.coins > 0 || section.award.entries > 0;
        return (
          <g key={section.index} data-testid={`map-stop-${section.index}`}>
            <circle cx={p.x} cy={p.y} r="36" fill="var(--color-surface)" stroke={section.isReached ? 'var(--color-accent)' : 'var(--color-line)'} strokeWidth="4" />
            <image href={art(section.index, count)} x={p.x - 24} y={p.y - 26} width="48" height="48" opacity={section.isReached ? 1 : 0.55} />
            {hasAward && (
              <g transform={`translate(${p.x + 22} ${p.y + 12})`}>
                <circle r="15" fill={section.isAwardClaimed ? 'var(--color-accent)' : 'var(--color-primary)'} />
                {section.isAwardClaimed ? (
                  <path d="M-6 0 l4 5 l9 -10" fill="none" stroke="var(--color-on-accent)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                ) : (
                  <image href="/images/adventure-map/wrapped-gift.svg" x="-11" y="-11" width="22" height="22" />
                )}
              </g>
            )}
            <text x={p.x} y={p.y + 54} textAnchor="middle" fontSize="14" fontWeight="700" fill="var(--color-fg)">
              {section.index === 0 ? '⚑' : section.index}
            </text>
          </g>
        );
      })}
      <g style={{ transform: `translate(${token.x - 40}px, ${token.y - 46}px)`, transition: 'transform 700ms ease-in-out' }} data-testid="map-token">
        <circle cx="14" cy="14" r="16" fill="var(--color-primary)" stroke="var(--color-on-primary)" strokeWidth="2" />
        <image href="/images/adventure-map/compass.svg" x="2" y="2" width="24" height="24" />
      </g>
    </svg>
  );
}

/**
 * /adventure-map (spec §3 Adventure map, §4, §7): the map drawn as a map, the player's points toward
 * the next stop, and the button that moves the token onto a reached stop: the server makes it the
 * current section and claims its award, and the award opens here.
 */
export default function AdventureMapPage() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const locale = i18n.language === 'es' ? 'es' : 'en';
  const [info, setInfo] = useState<AdventureMapInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<{ index: number; award: { coins: number; entries: number } } | null>(null);
  const [error, setError] = useState(false);
  const openedRef = useRef<HTMLDivElement>(null);
  const load = useCallback(async () => {
    try {
      const body = await http<{ data: AdventureMapInfo }>('/rest/adventure-map-info/');
      setInfo(body.data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useRealtime('adventureMap', () => void load());
  useRealtime('quest', () => void load());
  useEffect(() => {
    if (opened) openedRef.current?.focus();
  }, [opened]);

  const current = info?.sections.find((s) => s.isCurrent) ?? null;
  const next: AdventureMapSection | null = info && current ? (info.sections[current.index + 1] ?? null) : null;
  const move = async (index: number) => {
    setBusy(true);
    setError(false);
    try {
      const body = await http<{ data: { award: { coins: number; entries: number }; map: AdventureMapInfo } }>('/rest/adventure-map/current/', { method: 'POST', body: { index }, retry: false });
      setInfo(body.data.map);
      setOpened({ index, award: body.data.award });
    } catch {
      setError(true);
      void load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <FeaturePageHeader title={info?.event ? info.event.title[locale] : t('adventureMap.page.title')} intro={t('adventureMap.page.intro', { round: info?.event?.pointsPerRound ?? 1, task: info?.event?.pointsPerTask ?? 0 })} />
      {!info ? (
        <FeaturePageStatus>{t(failed ? 'adventureMap.failed' : 'adventureMap.loading')}</FeaturePageStatus>
      ) : !info.event ? (
        <p className="card p-4 text-center">{t('adventureMap.page.none')}</p>
      ) : (
        <>
          <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="map-status">
            <h2 id="map-status" className="text-xl font-bold">
              {t('adventureMap.page.status')}
            </h2>
            {!info.event.isActive && <p className="text-muted">{t('adventureMap.page.ended')}</p>}
            {root.isGuest ? (
              <p>
                {t('adventureMap.guest')}{' '}
                <Link className="font-semibold underline" to={localize('/signup/')}>
                  {t('adventureMap.signUp')}
                </Link>
              </p>
            ) : (
              <>
                <p data-testid="map-points">{t('adventureMap.page.points', { count: info.points })}</p>
                {next ? (
                  <>
                    <div className="h-3 overflow-hidden rounded-full bg-raised" role="progressbar" aria-label={t('adventureMap.page.toNext', { number: next.index })} aria-valuemin={0} aria-valuemax={next.progressBar.target} aria-valuenow={next.progressBar.current}>
                      <div className="h-full bg-accent" style={{ width: `${next.progressBar.percent}%` }} />
                    </div>
                    <p className="text-sm text-muted">{t('adventureMap.page.nextStop', { number: next.index, current: next.progressBar.current, target: next.progressBar.target, award: awardText(next.award, t, locale) })}</p>
                    {next.isReached && (
                      <button type="button" className="btn btn-primary self-start" disabled={busy} onClick={() => void move(next.index)} data-testid="map-move">
                        {t('adventureMap.page.move', { number: next.index })}
                      </button>
                    )}
                  </>
                ) : (
                  <p>{t('adventureMap.page.finished')}</p>
                )}
                {error && (
                  <p role="alert" className="text-danger">
                    {t('adventureMap.moveFailed')}
                  </p>
                )}
                {opened && (
                  <div ref={openedRef} tabIndex={-1} role="status" className="flex items-center gap-3 rounded-theme border border-accent bg-surface p-3" data-testid="map-award-opened">
                    <img src="/images/adventure-map/wrapped-gift.svg" alt="" width={48} height={48} className="motion-safe:animate-bounce" />
                    <p>
                      <strong>{t('adventureMap.opened.title', { number: opened.index })}</strong> {awardText(opened.award, t, locale)}
                    </p>
                  </div>
                )}
              </>
            )}
          </section>
          <section className="card p-3 sm:p-4" aria-labelledby="map-drawing">
            <h2 id="map-drawing" className="sr-only">
              {t('adventureMap.page.map')}
            </h2>
            <MapDrawing info={info} label={t('adventureMap.page.mapLabel', { count: info.sections.length, current: current?.index ?? 0 })} />
            <ol className="mt-4 grid gap-2 sm:grid-cols-2">
              {info.sections.map((section) => (
                <li key={section.index} className={`rounded-theme border p-2 text-sm ${section.isCurrent ? 'border-accent' : 'border-line'}`}>
                  <strong>{section.index === 0 ? t('adventureMap.stop.start') : t('adventureMap.stop.title', { number: section.index })}</strong>
                  {section.isCurrent && <span className="ml-1 text-accent">· {t('adventureMap.stop.here')}</span>}
                  {section.index > 0 && (
                    <span className="block text-muted">
                      {awardText(section.award, t, locale)} · {section.isAwardClaimed ? t('adventureMap.stop.claimed') : section.isReached ? t('adventureMap.stop.reached') : t('adventureMap.stop.points', { count: section.progressBar.target - section.progressBar.current })}
                    </span>
                  )}
                </li>
              ))}
            </ol>
          </section>
          <Link className="btn btn-ghost self-start" to={localize('/quests/')}>
            {t('adventureMap.page.toQuests')}
          </Link>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'adventureMap.page.title');
