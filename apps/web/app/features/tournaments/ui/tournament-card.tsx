import type { Tournament } from '@sweepstack/contracts/tournaments/tournament';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { HttpError } from '../../../lib/http';
import { formatCountdown, useCountdown } from '../../../platform/countdown';
import { useModals } from '../../modals/modal-store';
import { GAMES_BEFORE_ALL, leaderboardSlice, prizeParts, TOP_PRIZES, useTournaments } from './tournaments-api';
import { useGameTitles } from './use-game-titles';

/** When a run is announced or open: its start; running: its end. */
function Countdown({ t: tour }: { t: Tournament }) {
  const { t } = useTranslation();
  const running = tour.isActive;
  const seconds = useCountdown(running ? tour.end : tour.start);
  if (tour.status !== 'announced' && tour.status !== 'open' && tour.status !== 'running') return null;
  if (seconds === null) return null;
  return (
    <p className="text-sm text-muted">
      {running ? t('tournaments.endsIn') : t('tournaments.startsIn')}{' '}
      <time role="timer" aria-live="off" className="font-mono font-bold text-fg">
        {formatCountdown(seconds)}
      </time>
    </p>
  );
}

/** The leaders (a slice of 5, or 4 and the player's own row), each with its place and points. */
export function Leaderboard({ tournament, rows }: { tournament: Tournament; rows?: number }) {
  const { t, i18n } = useTranslation();
  const slice = rows === undefined ? leaderboardSlice(tournament) : { top: tournament.winners.slice(0, rows), own: null };
  const fmt = new Intl.NumberFormat(i18n.language);
  if (slice.top.length === 0) return <p className="text-sm text-muted">{t('tournaments.noScores')}</p>;
  return (
    <table className="w-full text-sm" data-testid={`leaderboard-${tournament.historyId}`}>
      <caption className="sr-only">{t('tournaments.leaderboard.caption', { title: tournament.title })}</caption>
      <thead>
        <tr className="text-left text-muted">
          <th scope="col" className="py-1 pr-2 font-semibold">{t('tournaments.leaderboard.place')}</th>
          <th scope="col" className="py-1 pr-2 font-semibold">{t('tournaments.leaderboard.player')}</th>
          <th scope="col" className="py-1 pr-2 text-right font-semibold">{t('tournaments.leaderboard.points')}</th>
          {!tournament.isActive && <th scope="col" className="py-1 text-right font-semibold">{t('tournaments.leaderboard.status')}</th>}
        </tr>
      </thead>
      <tbody>
        {slice.top.map((w) => {
          const mine = tournament.playerData !== null && tournament.playerData.place === w.prizePlace;
          return (
            <tr key={`${w.prizePlace}-${w.uuid}`} className={mine ? 'font-bold text-accent' : ''} data-mine={mine || undefined}>
              <td className="py-1 pr-2">{w.prizePlace}</td>
              <td className="py-1 pr-2">{mine ? t('tournaments.you') : w.profile}</td>
              <td className="py-1 pr-2 text-right font-mono">{fmt.format(w.points)}</td>
              {!tournament.isActive && <td className="py-1 text-right">{t(`tournaments.winnerStatus.${w.status}`)}</td>}
            </tr>
          );
        })}
        {slice.own && (
          <tr className="font-bold text-accent" data-mine>
            <td className="py-1 pr-2">{slice.own.place}</td>
            <td className="py-1 pr-2">{t('tournaments.you')}</td>
            <td className="py-1 pr-2 text-right font-mono">{fmt.format(slice.own.points)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** One tournament: when, what it counts, its top prizes, leaders, games, and joining. */
export function TournamentCard({ tournament }: { tournament: Tournament }) {
  const { t, i18n } = useTranslation();
  const open = useModals((s) => s.open);
  const select = useTournaments((s) => s.select);
  const join = useTournaments((s) => s.subscribe);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const titles = useGameTitles();
  const show = (modal: 'tournament-leaderboard' | 'tournament-prizes' | 'tournament-games') => {
    select(tournament.historyId);
    open(modal);
  };
  const headingId = `tournament-${tournament.historyId}-title`;
  const team = tournament.teamBasedTournament?.teams.find((x) => x.id === tournament.teamBasedTournament?.teamId);
  async function subscribe() {
    setJoining(true);
    setError(null);
    try {
      await join(tournament.id);
    } catch (e) {
      setError(e instanceof HttpError && e.messageKey ? e.messageKey : 'errors.internal');
    } finally {
      setJoining(false);
    }
  }
  return (
    <article className="rounded-theme border border-line bg-surface p-4" aria-labelledby={headingId} data-testid={`tournament-${tournament.historyId}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-extrabold">
          {tournament.title}
        </h3>
        <span className="rounded-full border border-line px-2 py-0.5 text-xs font-bold uppercase tracking-wide" data-testid="tournament-status">
          {t(`tournaments.status.${tournament.status}`)}
        </span>
      </div>
      <Countdown t={tournament} />
      <p className="mt-1 text-sm text-muted">
        {t(`tournaments.betsOn.${tournament.betsOn}`)} · {t('tournaments.rule', { spins: tournament.rules.spinsLimit, cap: new Intl.NumberFormat(i18n.language).format(tournament.rules.capPerSpin) })}
        {tournament.teamBasedTournament && ` · ${t('tournaments.teamRule', { count: tournament.rules.teamTopMembers })}`}
      </p>

      <h4 className="mt-3 text-sm font-bold">{t('tournaments.prizes.title')}</h4>
      <ol className="mt-1 text-sm">
        {tournament.prizes.slice(0, TOP_PRIZES).map((prize, i) => (
          <li key={i}>
            {t('tournaments.prizes.place', { place: i + 1 })}: {prizeParts(prize, i18n.language).join(' + ')}
          </li>
        ))}
      </ol>
      {tournament.prizes.length > TOP_PRIZES && (
        <button type="button" className="btn btn-ghost btn-sm mt-1" onClick={() => show('tournament-prizes')}>
          {t('tournaments.prizes.all', { count: tournament.prizes.length })}
        </button>
      )}

      {tournament.teamBasedTournament && (
        <ul className="mt-3 text-sm" aria-label={t('tournaments.teams.label')}>
          {tournament.teamBasedTournament.teams.map((x) => (
            <li key={x.id} className={x.id === tournament.teamBasedTournament?.teamId ? 'font-bold text-accent' : ''}>
              {x.place}. {x.title}: {new Intl.NumberFormat(i18n.language).format(x.points)} · {t('tournaments.teams.members', { count: x.members })}
            </li>
          ))}
        </ul>
      )}

      {(tournament.status !== 'announced' && tournament.status !== 'open') && (
        <div className="mt-3">
          <h4 className="text-sm font-bold">{t('tournaments.leaderboard.title')}</h4>
          <Leaderboard tournament={tournament} />
          <button type="button" className="btn btn-ghost btn-sm mt-1" onClick={() => show('tournament-leaderboard')} data-testid="tournament-show-leaderboard">
            {t('tournaments.leaderboard.open')}
          </button>
        </div>
      )}

      {tournament.playerData && tournament.isSubscribed && (tournament.isActive || tournament.playerData.roundsPlayed > 0) && (
        <p className="mt-2 text-sm font-semibold" aria-live="polite" data-testid="tournament-my-place">
          {tournament.playerData.place > 0
            ? t('tournaments.myPlace', { place: tournament.playerData.place, points: new Intl.NumberFormat(i18n.language).format(tournament.playerData.points), rounds: tournament.playerData.roundsPlayed })
            : t('tournaments.notPlaced', { spins: tournament.rules.spinsLimit })}
        </p>
      )}

      <h4 className="mt-3 text-sm font-bold">{t('tournaments.games.title')}</h4>
      <p className="text-sm text-muted">{tournament.gamesIds.slice(0, GAMES_BEFORE_ALL).map((id) => titles.get(id) ?? `#${id}`).join(', ')}</p>
      {tournament.gamesIds.length > 0 && (
        <button type="button" className="btn btn-ghost btn-sm mt-1" onClick={() => show('tournament-games')}>
          {tournament.gamesIds.length > GAMES_BEFORE_ALL ? t('tournaments.games.all', { count: tournament.gamesIds.length }) : t('tournaments.games.play')}
        </button>
      )}

      <div className="mt-3">
        {tournament.isSubscribed ? (
          <p className="font-semibold" data-testid="tournament-joined">
            {team ? t('tournaments.joinedTeam', { team: team.title }) : t('tournaments.joined')}
          </p>
        ) : tournament.isOpen ? (
          <button type="button" className="btn btn-primary w-full" disabled={joining} onClick={() => void subscribe()} data-testid="tournament-join">
            {t('tournaments.join')}
          </button>
        ) : null}
        {error && (
          <p role="alert" className="mt-1 text-sm font-semibold">
            {t(error)}
          </p>
        )}
      </div>
    </article>
  );
}
