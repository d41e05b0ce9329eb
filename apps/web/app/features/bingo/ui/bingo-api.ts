// Declares the `bingo` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/bingo/pushes';
import type { BingoRoundAnswer } from '@sweepstack/contracts/bingo/accrue-reward';
import type { BingoGameData } from '@sweepstack/contracts/bingo/game-data';
import type { PrizeView } from '@sweepstack/contracts/rewards/prize';
import type { TFunction } from 'i18next';
import { create } from 'zustand';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { http } from '../../../lib/http';

interface BingoStore {
  data: BingoGameData | null;
  failed: boolean;
  load(): Promise<BingoGameData | null>;
  applyRound(answer: BingoRoundAnswer): void;
}

/** The card and status, shared by the page and the welcome, refreshed by pushes and rounds. */
export const useBingo = create<BingoStore>((set) => ({
  data: null,
  failed: false,
  load: async () => {
    try {
      const { data } = await http<{ data: BingoGameData }>('/rest/bingo/bingo-game-data/');
      set({ data, failed: false });
      return data;
    } catch {
      set({ failed: true });
      return null;
    }
  },
  applyRound: (answer) => set((s) => (s.data ? { data: { ...s.data, card: answer.card, status: answer.status } } : s)),
}));

export function newRequestKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `bingo-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** POST /rest/bingo/bingo-accrue-reward/ (a retry sends the same key: the server answers the first round). */
export async function playRound(requestKey: string): Promise<BingoRoundAnswer> {
  const { data } = await http<{ data: BingoRoundAnswer }>('/rest/bingo/bingo-accrue-reward/', { method: 'POST', body: { requestKey }, retry: false });
  return data;
}

export function prizeText(prize: PrizeView, t: TFunction, locale: string): string {
  switch (prize.kind) {
    case 'gold_coins':
      return t('bingo.prize.gc', { amount: formatGoldCoins(prize.amount, locale) });
    case 'fortune_coins':
      return t('bingo.prize.fc', { amount: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'coins':
      return t('bingo.prize.both', { gc: formatGoldCoins(prize.amount, locale), fc: formatFortuneCoins(prize.amountCents / 100, locale) });
    case 'free_spins':
      return t('bingo.prize.freeSpins', { count: prize.count });
    default:
      return t('bingo.prize.nothing');
  }
}
