// Declares the `prizeDrops` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/prize-drops/pushes';
import type { PrizeDropsInfo } from '@sweepstack/contracts/prize-drops/info';
import { create } from 'zustand';
import { http } from '../../../lib/http';

interface PrizeDropsStore {
  info: PrizeDropsInfo | null;
  /** This browser's clock when `info` arrived: countdowns are anchored to it (the player's clock may be off). */
  receivedAtMs: number;
  failed: boolean;
  load(): Promise<PrizeDropsInfo | null>;
}

/** The board, shared by the page and the modals, refreshed by pushes. */
export const usePrizeDrops = create<PrizeDropsStore>((set) => ({
  info: null,
  receivedAtMs: 0,
  failed: false,
  load: async () => {
    try {
      const { data } = await http<{ data: PrizeDropsInfo }>('/rest/prize-drops/info/');
      set({ info: data, receivedAtMs: Date.now(), failed: false });
      return data;
    } catch {
      set({ failed: true });
      return null;
    }
  },
}));

/** A server moment on this browser's clock. */
export function localMs(info: PrizeDropsInfo, receivedAtMs: number, serverMs: number): number {
  return receivedAtMs + (serverMs - info.serverTimeMs);
}

/** Spec §3 prizeLvl: 1 bronze, 2 silver, 3 gold (bronze by default). */
export function levelKey(level: number): 'gold' | 'silver' | 'bronze' {
  return level === 3 ? 'gold' : level === 2 ? 'silver' : 'bronze';
}

/** Sets the popup cookie until the end of this local day (spec §9). */
export function setPopupCookie(name: string): void {
  const end = new Date();
  end.setHours(23, 59, 59, 999);
  document.cookie = `${name}=1; expires=${end.toUTCString()}; path=/; SameSite=Lax`;
}
