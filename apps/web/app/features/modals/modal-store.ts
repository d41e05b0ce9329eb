import type { RealityCheckState } from '@sweepstack/contracts/responsible-play/reality-check';
import { create } from 'zustand';
import type { FeatureNavItem } from '../../lib/root-data';
import type { ModalName } from './backdrop';

export interface ModalEntry {
  id: number;
  name: ModalName;
  /** For the coming-soon modal: which feature. */
  feature?: string;
  /** For the terms confirmation: the unconfirmed documents. */
  terms?: { id: number; key: string }[];
  /** For the game modals: the game's slug (or id) and whether it plays in Fortune Coins. */
  game?: string;
  isMoney?: boolean;
  /** For the reality-check reminder: the server's answer it shows. */
  realityCheck?: RealityCheckState;
}

interface ModalState {
  stack: ModalEntry[];
  open(name: ModalName, options?: Omit<ModalEntry, 'id' | 'name'>): number;
  close(id: number): void;
  closeByName(name: ModalName): void;
}

let nextId = 1;

/** The modal stack: the last entry is on top. */
export const useModals = create<ModalState>((set) => ({
  stack: [],
  open: (name, options = {}) => {
    const id = nextId++;
    set((state) => {
      // One terms confirmation at a time; other modals may stack.
      if (name === 'terms-confirmation' && state.stack.some((m) => m.name === name)) return state;
      return { stack: [...state.stack, { id, name, ...options }] };
    });
    return id;
  },
  close: (id) => set((state) => ({ stack: state.stack.filter((m) => m.id !== id) })),
  closeByName: (name) => set((state) => ({ stack: state.stack.filter((m) => m.name !== name) })),
}));

/** Opens the coming-soon modal of a feature that is not built yet. */
export function openComingSoon(feature: string): void {
  useModals.getState().open('coming-soon', { feature });
}

/** A feature's sidebar or tap-bar entry without a page: its modal, or its coming-soon modal. */
export function openNavEntry(entry: FeatureNavItem): void {
  if (entry.modal) useModals.getState().open(entry.modal);
  else openComingSoon(entry.feature);
}
