import type { PushOf } from '@sweepstack/contracts/realtime/push';
import type { Tournament, TournamentPrize } from '@sweepstack/contracts/tournaments/tournament';
import { create } from 'zustand';
import { http } from '../../../lib/http';

export type PositionsData = Extract<PushOf<'tournament'>, { action: 'positions' }>['data'];

/** Spec §9: page size 4. */
export const PAGE_SIZE = 4;

interface Page {
  tournaments: Tournament[];
  total: number;
}

interface TournamentsStore {
  upcoming: Page | null;
  history: Page | null;
  failed: boolean;
  /** The run the leaderboard, prizes and games modals show. */
  selected: number | null;
  load(): Promise<void>;
  loadMoreHistory(): Promise<void>;
  select(historyId: number): void;
  /** A positions push: the leaders and the player's own standing, applied to the run shown. */
  applyPositions(data: PositionsData): void;
  subscribe(id: number): Promise<{ teamId: number | null }>;
}

type ListAnswer = { data: { tournaments: Tournament[]; total: number } };

/** The page's language (the server answers the operator's Spanish titles for it). */
export const pageLocale = (): 'en' | 'es' => (typeof document !== 'undefined' && document.documentElement.lang.startsWith('es') ? 'es' : 'en');

/** The tournaments shown by the modals: the running and next ones, and the finished ones (page by page). */
export const useTournaments = create<TournamentsStore>((set, get) => ({
  upcoming: null,
  history: null,
  failed: false,
  selected: null,
  load: async () => {
    try {
      const [upcoming, history] = await Promise.all([
        http<ListAnswer>('/rest/next-tournaments/', { query: { limit: PAGE_SIZE, offset: 0, locale: pageLocale() } }),
        http<ListAnswer>('/rest/tournaments/history/', { query: { limit: PAGE_SIZE, offset: 0, locale: pageLocale() } }),
      ]);
      set({ upcoming: upcoming.data, history: history.data, failed: false });
    } catch {
      set({ failed: true });
    }
  },
  loadMoreHistory: async () => {
    const current = get().history;
    const offset = current?.tournaments.length ?? 0;
    const more = await http<ListAnswer>('/rest/tournaments/history/', { query: { limit: PAGE_SIZE, offset, locale: pageLocale() } });
    set({ history: { tournaments: [...(current?.tournaments ?? []), ...more.data.tournaments], total: more.data.total } });
  },
  select: (historyId) => set({ selected: historyId }),
  applyPositions: (push) => {
    const patch = (page: Page | null): Page | null =>
      page && { ...page, tournaments: page.tournaments.map((t) => (t.historyId === push.historyId ? { ...t, winners: push.winners, playerData: push.playerData } : t)) };
    set((state) => ({ upcoming: patch(state.upcoming), history: patch(state.history) }));
  },
  subscribe: async (id) => {
    const answer = await http<{ success: true; teamId: number | null }>(`/rest/tournaments/${id}/subscribe/`, { retry: false });
    await get().load();
    return { teamId: answer.teamId };
  },
}));

/** A run among those loaded. */
export function findTournament(state: Pick<TournamentsStore, 'upcoming' | 'history'>, historyId: number | null): Tournament | undefined {
  if (historyId === null) return undefined;
  return [...(state.upcoming?.tournaments ?? []), ...(state.history?.tournaments ?? [])].find((t) => t.historyId === historyId);
}

/** Loads one finished run by paging the history (the race-finished toast's leaderboard). */
export async function loadFinished(historyId: number): Promise<Tournament | undefined> {
  for (let offset = 0; offset < 40; offset += PAGE_SIZE) {
    const page = await http<ListAnswer>('/rest/tournaments/history/', { query: { limit: PAGE_SIZE, offset, locale: pageLocale() } });
    const found = page.data.tournaments.find((t) => t.historyId === historyId);
    if (found) {
      useTournaments.setState((state) => ({ history: state.history && !state.history.tournaments.some((t) => t.historyId === historyId) ? { ...state.history, tournaments: [found, ...state.history.tournaments] } : (state.history ?? { tournaments: [found], total: 1 }) }));
      return found;
    }
    if (page.data.tournaments.length < PAGE_SIZE) return undefined;
  }
  return undefined;
}

/** The leaderboard slice (spec §9: 5, or 4 and the player's own row when they are below the top 5). */
export function leaderboardSlice(t: Tournament): { top: Tournament['winners']; own: Tournament['playerData'] } {
  const place = t.playerData?.place ?? 0;
  if (place > 5) return { top: t.winners.slice(0, 4), own: t.playerData };
  return { top: t.winners.slice(0, 5), own: null };
}

/** Spec §9: top 3 prizes shown. */
export const TOP_PRIZES = 3;
/** Spec §9: 9 games before "show all". */
export const GAMES_BEFORE_ALL = 9;

/** A prize in words: Gold Coins and/or entries (Fortune Coins). */
export function prizeParts(prize: TournamentPrize, locale: string): string[] {
  const parts: string[] = [];
  if (prize.coins > 0) parts.push(`${new Intl.NumberFormat(locale).format(prize.coins)} GC`);
  if (prize.entries > 0) parts.push(`${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(prize.entries)} FC`);
  return parts;
}
