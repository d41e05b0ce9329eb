import type { AppInitData } from '@sweepstack/contracts/app/app-init';
import type { Cashback, CashbackPayResponse } from '@sweepstack/contracts/rank-league/cashback';
import type { RankLeagueInfo } from '@sweepstack/contracts/rank-league/info';
import { create } from 'zustand';
import { http } from '../../../lib/http';

type Slice = AppInitData['rankLeague'];

interface VipStore {
  info: RankLeagueInfo | null;
  cashback: Cashback | null;
  failed: boolean;
  load(): Promise<void>;
  loadCashback(): Promise<void>;
  /** A progressData push: the player's standing moves at once, without another call. */
  setProgress(slice: Slice): void;
}

/** The league's info and cashback, shared by the /vip page and the VIP club modals (refreshed by pushes). */
export const useVip = create<VipStore>((set, get) => ({
  info: null,
  cashback: null,
  failed: false,
  load: async () => {
    try {
      const [{ data: info }, { data: cashback }] = await Promise.all([http<{ data: RankLeagueInfo }>('/rest/rank-league/info/'), http<{ data: Cashback }>('/rest/cashback/')]);
      set({ info, cashback, failed: false });
    } catch {
      set({ failed: true });
    }
  },
  loadCashback: async () => {
    try {
      const { data } = await http<{ data: Cashback }>('/rest/cashback/');
      set({ cashback: data });
    } catch {
      set({ failed: get().info === null });
    }
  },
  setProgress: (slice) =>
    set((state) => {
      if (!state.info?.player || !slice.currentLevel || slice.currentSection === null) return state;
      // The overall level is the one before `nextLevel` (the last level when there is none).
      const next = typeof slice.nextLevel?.level === 'number' ? slice.nextLevel.level : null;
      const level = next === null ? state.info.sections.flatMap((s) => s.levels).length : next - 1;
      return { info: { ...state.info, player: { ...state.info.player, ...slice, level } } };
    }),
}));

/** POST /rest/cashback/pay/: never retried (the server pays once; a second claim is refused). */
export async function claimCashback(): Promise<CashbackPayResponse['data']> {
  const { data } = await http<CashbackPayResponse>('/rest/cashback/pay/', { method: 'POST', retry: false });
  return data;
}
