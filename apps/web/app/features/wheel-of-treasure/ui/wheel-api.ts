import type { WheelInfo } from '@sweepstack/contracts/wheel-of-treasure/info';
import type { WheelSpinAnswer } from '@sweepstack/contracts/wheel-of-treasure/spin';
import { create } from 'zustand';
import { http } from '../../../lib/http';

interface WheelStore {
  info: WheelInfo | null;
  /** When `info` arrived (the countdown's anchor against the server's `nextDailyAtMs`). */
  receivedAtMs: number;
  failed: boolean;
  load(): Promise<WheelInfo | null>;
  /** The player's status from a spin's answer, without another call. */
  setStatus(status: WheelSpinAnswer['status']): void;
}

/** The wheel's info, shared by its page and modals (and refreshed by its pushes). */
export const useWheel = create<WheelStore>((set) => ({
  info: null,
  receivedAtMs: 0,
  failed: false,
  load: async () => {
    try {
      const { data } = await http<{ data: WheelInfo }>('/rest/wheel-of-treasure/info/');
      set({ info: data, receivedAtMs: Date.now(), failed: false });
      return data;
    } catch {
      set({ failed: true });
      return null;
    }
  },
  setStatus: (status) => set((state) => (state.info ? { info: { ...state.info, player: status }, receivedAtMs: Date.now() } : state)),
}));

/** A request key for one spin: a retry of the same request sends it again and the server answers the first spin. */
export function newRequestKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `wheel-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** POST /rest/wheel-of-treasure/spin/ (retried with the same key: the server answers the first spin). */
export async function spinWheel(kind: 'daily' | 'extra', requestKey: string): Promise<WheelSpinAnswer> {
  const { data } = await http<{ data: WheelSpinAnswer }>('/rest/wheel-of-treasure/spin/', { method: 'POST', body: { kind, requestKey }, retry: false });
  return data;
}
