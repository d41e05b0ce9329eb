// Declares the `quest` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/quests/pushes';
import type { QuestDay, QuestsData, QuestTask } from '@sweepstack/contracts/quests/quest';
import { hasCapability, isThemeId } from '@sweepstack/contracts/themes';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { http } from '../../../lib/http';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import { loadCatalogueGames } from '../../games/catalogue-client';
import { localTitle } from '../../games/names';
import type { LobbyGame } from '../../games/types';
import type { Route } from './+types/quests-page';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';

/** Spec §9: the quest page shows 16 skeleton games while it loads. */
const SKELETON_GAMES = 16;

type GameInfo = { id: number; slug: string; title: string };

function amountText(value: number, currency: 'GC' | 'FC' | null, locale: string): string {
  return currency === 'FC' ? `${formatFortuneCoins(value / 100, locale)} FC` : `${formatGoldCoins(value, locale)} GC`;
}

export function prizeText(prize: { coins: number; entries: number }, t: TFunction, locale: string): string {
  if (prize.coins > 0 && prize.entries > 0) return t('quests.prize.both', { gc: formatGoldCoins(prize.coins, locale), fc: formatFortuneCoins(prize.entries, locale) });
  if (prize.entries > 0) return t('quests.prize.fc', { amount: formatFortuneCoins(prize.entries, locale) });
  return t('quests.prize.gc', { amount: formatGoldCoins(prize.coins, locale) });
}

/** What a task asks, in words ("Play 10 rounds of Reef Raiders"). */
function taskText(task: QuestTask, games: GameInfo[], t: TFunction, locale: string): string {
  const named = games.length > 0 && games.length <= 3 ? games.map((g) => g.title).join(', ') : null;
  switch (task.kind) {
    case 'rounds':
      return named ? t('quests.task.roundsOf', { count: task.target, games: named }) : t('quests.task.rounds', { count: task.target });
    case 'wager':
      return t(named ? 'quests.task.wagerOn' : 'quests.task.wager', { amount: amountText(task.target, task.currency, locale), games: named });
    case 'win':
      return t(named ? 'quests.task.winOn' : 'quests.task.win', { amount: amountText(task.target, task.currency, locale), games: named });
    case 'purchase':
      return task.minAmount > 0 ? t('quests.task.purchaseMin', { count: task.target, amount: task.minAmount.toFixed(2) }) : t('quests.task.purchase', { count: task.target });
    case 'visit':
      return t(task.feature === 'daily-login' ? 'quests.task.visitDailyLogin' : 'quests.task.visitWheel', { count: task.target });
  }
}

function progressText(task: QuestTask, locale: string): string {
  if (task.kind === 'wager' || task.kind === 'win') return `${amountText(task.current, task.currency, locale)} / ${amountText(task.target, task.currency, locale)}`;
  return `${formatGoldCoins(task.current, locale)} / ${formatGoldCoins(task.target, locale)}`;
}

function Skeletons() {
  return (
    <ul className="grid grid-cols-4 gap-2 sm:grid-cols-8" aria-hidden="true">
      {Array.from({ length: SKELETON_GAMES }, (_, i) => (
        <li key={i} className="aspect-square animate-pulse rounded-theme bg-raised" />
      ))}
    </ul>
  );
}

function TaskCard({ task, day, games, gameHref }: { task: QuestTask; day: QuestDay; games: GameInfo[]; gameHref: (game: GameInfo) => string }) {
  const { t, i18n } = useTranslation();
  const localize = useLocalize();
  const locale = i18n.language;
  const text = taskText(task, games, t, locale);
  const usable = !task.isCompleted && !day.isLocked && !day.isEnded;
  let action: React.ReactNode = null;
  if (usable) {
    const label = t(`quests.action.${task.action.type}`);
    if (task.action.type === 'game' && games[0]) action = <Link className="btn btn-primary btn-sm" to={gameHref(games[0])} aria-label={`${label}: ${games[0].title}`}>{label}</Link>;
    else if (task.action.type === 'cashbox') action = <a className="btn btn-primary btn-sm" href="#/cash/deposit-by-money/">{label}</a>;
    else if (task.action.type === 'page' && task.action.details.url) action = <Link className="btn btn-primary btn-sm" to={localize(task.action.details.url)}>{label}</Link>;
    else action = <Link className="btn btn-primary btn-sm" to={localize('/lobby/')}>{label}</Link>;
  }
  return (
    <li className="flex flex-col gap-2 rounded-theme border border-line bg-surface p-3" data-testid={`quest-task-${task.id}`} data-completed={task.isCompleted}>
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{text}</p>
        <span className="shrink-0 text-sm font-bold text-primary">{prizeText(task.prize, t, locale)}</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-raised" role="progressbar" aria-label={text} aria-valuemin={0} aria-valuemax={100} aria-valuenow={task.progress} aria-valuetext={`${task.progress}%`}>
        <div className="h-full bg-accent transition-[width]" style={{ width: `${task.progress}%` }} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted">{task.isCompleted ? <strong className="text-fg">{t('quests.task.done')}</strong> : progressText(task, locale)}</span>
        {action}
      </div>
    </li>
  );
}

function dayStatus(day: QuestDay, t: TFunction, locale: string): string {
  if (day.isCompleted) return t('quests.day.completed');
  if (day.isEnded) return t('quests.day.ended');
  if (day.isLocked) return day.opensAt && Date.parse(day.opensAt) > Date.now() ? t('quests.day.opensAt', { date: new Date(day.opensAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) }) : t('quests.day.locked');
  return t('quests.day.open');
}

/**
 * /quests (spec §3 Quest, §7 GET /rest/page/quests/): the running quest's days in order, each task with
 * its progress bar, prize and a button to where it is done; the next quest; live updates from the
 * `quest` push. Themes with quest optimisation (funrize, sws) ask for ids only and name the games
 * from the catalogue.
 */
export default function QuestsPage() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const location = useLocation();
  const optimized = isThemeId(root.theme) && hasCapability(root.theme, 'questOptimisation');
  const [data, setData] = useState<QuestsData | null>(null);
  const [failed, setFailed] = useState(false);
  const [catalogue, setCatalogue] = useState<LobbyGame[] | null>(null);
  const load = useCallback(async () => {
    try {
      const body = await http<{ payload: QuestsData }>('/rest/page/quests/', { query: optimized ? { useOptimizedGames: '1' } : {} });
      setData(body.payload);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [optimized]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (optimized) void loadCatalogueGames(i18n.language === 'es' ? 'es' : 'en').then(setCatalogue, () => setCatalogue([]));
  }, [optimized, i18n.language]);
  useRealtime('quest', () => void load());

  const locale = i18n.language === 'es' ? 'es' : 'en';
  const gameOf = (id: number): GameInfo | null => {
    const fromAnswer = data?.games?.[String(id)];
    if (fromAnswer) return { id: fromAnswer.id, slug: fromAnswer.slug, title: localTitle(fromAnswer, locale) };
    const fromCatalogue = catalogue?.find((g) => g.id === id);
    return fromCatalogue ? { id, slug: fromCatalogue.slug, title: fromCatalogue.title } : null;
  };
  const gamesOf = (task: QuestTask): GameInfo[] => {
    const ids = [...task.gameIds, ...task.sharedGameIds.flatMap((key) => data?.sharedGameSets[key] ?? [])];
    return [...new Set(ids)].map(gameOf).filter((g): g is GameInfo => g !== null);
  };
  const gameHref = (game: GameInfo) => {
    if (root.isGuest) return localize(`/signup/?game=${encodeURIComponent(game.slug)}`);
    const params = new URLSearchParams(location.search);
    params.set('game', game.slug);
    return `${location.pathname}?${params.toString()}`;
  };
  const quest = data?.quest ?? null;
  const future = data?.futureQuest ?? null;
  const date = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <FeaturePageHeader title={t('quests.page.title')} intro={t('quests.page.intro')} />

      {!data ? (
        <section className="card flex flex-col gap-3 p-4" aria-busy={!failed}>
          <FeaturePageStatus>{t(failed ? 'quests.failed' : 'quests.loading')}</FeaturePageStatus>
          {!failed && <Skeletons />}
        </section>
      ) : !quest ? (
        <section className="card p-4 text-center sm:p-6">
          <p>{t('quests.page.none')}</p>
        </section>
      ) : (
        <section className="card flex flex-col gap-4 p-4 sm:p-6" aria-labelledby="quest-title">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="quest-title" className="text-2xl font-bold">
              {quest.title[locale]}
            </h2>
            <p className="text-sm text-muted">
              {t(`quests.type.${quest.type}`)} · {t('quests.page.endsAt', { date: date(quest.endsAt) })}
            </p>
          </div>
          {root.isGuest && (
            <p>
              {t('quests.guest')}{' '}
              <Link className="font-semibold underline" to={localize('/signup/')}>
                {t('quests.signUp')}
              </Link>
            </p>
          )}
          <ol className="flex flex-col gap-4">
            {data.playerData?.days.map((day) => (
              <li key={day.index} aria-labelledby={`quest-day-${day.index}`} className={`rounded-theme border p-3 ${day.isLocked ? 'border-line opacity-80' : 'border-accent'}`} data-testid={`quest-day-${day.index}`}>
                <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`quest-day-${day.index}`} className="text-lg font-bold">
                    {day.isCompleted ? '✓ ' : day.isLocked ? '🔒 ' : ''}
                    {t('quests.day.title', { number: day.index + 1 })}
                  </h3>
                  <span className="text-sm text-muted">{dayStatus(day, t, locale)}</span>
                </div>
                <ul className="flex flex-col gap-2">
                  {day.tasks.map((task) => (
                    <TaskCard key={task.id} task={task} day={day} games={gamesOf(task)} gameHref={gameHref} />
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <Link className="btn btn-ghost self-start" to={localize('/adventure-map/')}>
            {t('quests.page.toMap')}
          </Link>
        </section>
      )}

      {future && (
        <section className="card p-4 sm:p-6" aria-labelledby="quest-future">
          <h2 id="quest-future" className="text-xl font-bold">
            {t('quests.future.title')}
          </h2>
          <p className="mt-1">{t('quests.future.text', { title: future.title[locale], date: date(future.startsAt), count: future.daysCount })}</p>
        </section>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'quests.page.title');
