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

/**
 * Where focus goes back when a modal closes, by modal id: the element focused when it was opened (its
 * opener), then that element's own modal's openers (a modal opened from a modal that closed at the same
 * moment, as the game modal handing over to the demo modal). Radix returns focus to a `Dialog.Trigger`
 * only, and the stack's modals have none: without this, focus fell to the page's body on every close.
 */
const openers = new Map<number, Element[]>();

function openerChain(): Element[] {
  if (typeof document === 'undefined') return [];
  const active = document.activeElement;
  if (!active || active === document.body) return [];
  const owner = active.closest('[data-modal-id]')?.getAttribute('data-modal-id');
  return [active, ...(owner ? (openers.get(Number(owner)) ?? []) : [])];
}

/**
 * Focus back to the modal's opener (the first one still on the page), else to the page's main region (a
 * modal opened by a link or a timer), so that the keyboard goes on from where it was, not from the top.
 */
export function restoreFocus(id: number): void {
  const chain = openers.get(id) ?? [];
  openers.delete(id);
  // Something took focus already (a page the modal led to, another modal): leave it there.
  if (document.activeElement && document.activeElement !== document.body) return;
  const target = chain.find((el) => el.isConnected && !el.closest('[data-modal-id]:not([data-state="open"])'));
  if (target instanceof HTMLElement) target.focus();
  else document.getElementById('main')?.focus({ preventScroll: true });
}

/** The modal stack: the last entry is on top. */
export const useModals = create<ModalState>((set) => ({
  stack: [],
  open: (name, options = {}) => {
    const id = nextId++;
    openers.set(id, openerChain());
    // Kept until the modal's close restores focus; a bounded map if a modal never mounts.
    if (openers.size > 64) openers.delete(openers.keys().next().value!);
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
