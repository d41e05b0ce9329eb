import type { ScratchCard, ScratchCardsInfo } from '@sweepstack/contracts/scratch-cards/get';
import type { ScratchAnswer } from '@sweepstack/contracts/scratch-cards/scratch';
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { http } from '../../../lib/http';

interface ScratchStore {
  info: ScratchCardsInfo | null;
  failed: boolean;
  load(): Promise<ScratchCardsInfo | null>;
  /** A scratched card from the scratch's answer, without another call. */
  setCard(card: ScratchCard): void;
}

/** The player's cards and the published odds, shared by the page and the modals. */
export const useScratchCards = create<ScratchStore>((set) => ({
  info: null,
  failed: false,
  load: async () => {
    try {
      const { data } = await http<{ data: ScratchCardsInfo }>('/rest/scratch-card-lottery/get/');
      set({ info: data, failed: false });
      return data;
    } catch {
      set({ failed: true });
      return null;
    }
  },
  setCard: (card) => set((state) => (state.info ? { info: { ...state.info, cards: state.info.cards.map((c) => (c.id === card.id ? card : c)) } } : state)),
}));

/** Spec §3: the active card is the first ready_for_activate, else the first available, else the first card. */
export function activeCard(cards: readonly ScratchCard[]): ScratchCard | null {
  return cards.find((c) => c.status === 'ready_for_activate') ?? cards.find((c) => c.status === 'available') ?? cards[0] ?? null;
}

/** The card the player can scratch now: the first available one, else one in the mailbox. */
export function scratchableCard(cards: readonly ScratchCard[]): ScratchCard | null {
  return cards.find((c) => c.status === 'available') ?? cards.find((c) => c.status === 'expired') ?? null;
}

export function newRequestKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `scratch-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** POST /rest/scratch-card-lottery/scratch/ (a retry sends the same key: the server answers the first scratch). */
export async function scratchCard(cardId: number, requestKey: string): Promise<ScratchAnswer> {
  const { data } = await http<{ data: ScratchAnswer }>('/rest/scratch-card-lottery/scratch/', { method: 'POST', body: { cardId, requestKey }, retry: false });
  return data;
}

/**
 * The card a page or modal shows: the first scratchable one (else the active card, spec §3), kept once
 * chosen so that its result stays on screen after the scratch; `next()` moves to the next scratchable card.
 */
export function useShownCard(cards: readonly ScratchCard[] | null): { card: ScratchCard | null; next: (() => void) | null } {
  const [shownId, setShownId] = useState<number | null>(null);
  const card = cards === null ? null : (cards.find((c) => c.id === shownId) ?? scratchableCard(cards) ?? activeCard(cards));
  useEffect(() => {
    if (card !== null && shownId === null) setShownId(card.id);
  }, [card, shownId]);
  if (cards === null) return { card: null, next: null };
  const following = card?.status === 'scratched' ? scratchableCard(cards) : null;
  return { card, next: following ? () => setShownId(following.id) : null };
}
