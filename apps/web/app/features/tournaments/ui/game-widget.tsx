import type { Tournament } from '@sweepstack/contracts/tournaments/tournament';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { http } from '../../../lib/http';
import { useRealtime } from '../../../lib/use-realtime';

/** How many leaders the in-game panel lists. */
export const WIDGET_LEADERS = 3;

/**
 * The tournament panel of the game window (docs/features/tournaments.md, spec §4 pushes): while the
 * player plays a game of a running tournament they joined, one line with their place and points
 * (announced politely to screen readers when it changes) and a button that shows the top 3. The
 * `bet` and `positions` pushes move it; nothing renders otherwise.
 */
export default function TournamentGameWidget({ gameId }: { gameId: number }) {
  const { t, i18n } = useTranslation();
  const [run, setRun] = useState<Tournament | null>(null);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  useEffect(() => {
    let live = true;
    void http<{ data: Tournament | null }>('/rest/tournament/', { query: { gameId, locale: i18n.language.startsWith('es') ? 'es' : 'en' } })
      .then((answer) => live && setRun(answer.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [gameId, i18n.language]);
  useRealtime('tournament', (message) => {
    if (message.action === 'positions') setRun((r) => (r && r.historyId === message.data.historyId ? { ...r, winners: message.data.winners, playerData: message.data.playerData } : r));
    else if (message.action === 'bet') setRun((r) => (r?.playerData && r.historyId === message.data.historyId ? { ...r, playerData: { ...r.playerData, points: message.data.points, roundsPlayed: message.data.roundsPlayed } } : r));
    else if (message.action === 'stop') setRun((r) => (r && r.historyId === message.data.historyId ? null : r));
  });
  if (!run?.isSubscribed || !run.isActive || !run.playerData) return null;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { place, points } = run.playerData;
  const leaders = run.winners.slice(0, WIDGET_LEADERS);
  return (
    <section aria-label={t('tournaments.widget.label', { title: run.title })} className="border-b border-line bg-surface px-3 py-1.5 text-sm" data-testid="tournament-widget">
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate" aria-live="polite" aria-atomic="true" data-testid="tournament-widget-standing">
          <span className="font-bold">{run.title}</span>
          {' · '}
          {place > 0 ? t('tournaments.widget.standing', { place: number(place), points: number(points) }) : t('tournaments.widget.noPlace')}
        </p>
        <button type="button" className="btn btn-ghost shrink-0 px-2 py-0.5 text-xs" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((open) => !open)} data-testid="tournament-widget-toggle">
          {t(expanded ? 'tournaments.widget.hideTop' : 'tournaments.widget.showTop', { count: WIDGET_LEADERS })}
        </button>
      </div>
      <ol id={listId} hidden={!expanded} className="mt-1 flex flex-col gap-0.5" data-testid="tournament-widget-top">
        {leaders.length === 0 ? (
          <li className="text-muted">{t('tournaments.noScores')}</li>
        ) : (
          leaders.map((w) => (
            <li key={`${w.prizePlace}-${w.uuid}`} className="flex justify-between gap-2">
              <span>
                {w.prizePlace}. {w.profile}
                {w.prizePlace === place ? ` (${t('tournaments.you')})` : ''}
              </span>
              <span className="font-semibold">{t('tournaments.widget.points', { points: number(w.points) })}</span>
            </li>
          ))
        )}
      </ol>
    </section>
  );
}
