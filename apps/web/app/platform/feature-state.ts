import { useMemo } from 'react';
import { create } from 'zustand';
import { useRootData } from '../lib/root-data';
import type { FeatureState } from './feature';

interface EndedFeatures {
  /** Features whose finish timer fired during this visit (spec §4): inactive until the next app init. */
  ended: Readonly<Record<string, true>>;
  end(ids: readonly string[]): void;
}

export const useEndedFeatures = create<EndedFeatures>((set) => ({
  ended: {},
  end: (ids) => set((state) => ({ ended: { ...state.ended, ...Object.fromEntries(ids.map((id) => [id, true as const])) } })),
}));

/** Every feature's state for this player: app init's slices, minus what finished since the page loaded. */
export function useFeatureStates(): Readonly<Record<string, FeatureState>> {
  const root = useRootData();
  const ended = useEndedFeatures((s) => s.ended);
  const states = root.player?.features;
  return useMemo(() => {
    const merged: Record<string, FeatureState> = { ...states };
    for (const id of Object.keys(ended)) merged[id] = { ...(merged[id] ?? { isActive: false }), isActive: false };
    return merged;
  }, [states, ended]);
}

/** One feature's state (inactive when the feature declares no app-init slice or for guests). */
export function useFeatureState(id: string): FeatureState {
  return useFeatureStates()[id] ?? { isActive: false };
}
