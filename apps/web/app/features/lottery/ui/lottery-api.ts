import type { LotteryDetailsResponse } from '@sweepstack/contracts/lottery/details';
import { useCallback, useState } from 'react';
import { http } from '../../../lib/http';

export type LotteryType = 'weekly' | 'monthly';
export type LotteryDetails = LotteryDetailsResponse['data'];

export function useLotteryDetails(type: LotteryType) {
  const [details, setDetails] = useState<LotteryDetails | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setDetails((await http<LotteryDetailsResponse>(`/rest/promo-events/lottery/details/${type}/`)).data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [type]);
  return { details, failed, load };
}

export function takeReward(id: number) {
  return http(`/rest/promo-events/lottery/take-reward/${id}/`, { retry: false });
}

/**
 * Recomputes a draw in the browser (docs/features/lottery.md): the seed must hash to the commitment
 * published before the first ticket, the ticket list to the hash published at the close, and the
 * winners must come out of the provably fair source exactly as announced.
 */
export async function verifyDraw(draw: { number: number; seed: string | null; seedHash: string; ticketListHash: string | null; prizes: unknown[] }, announced: number[]): Promise<{ seedOk: boolean; listOk: boolean; winnersOk: boolean; tickets: number }> {
  const [{ sha256, toHex, utf8 }, { HmacRandomSource }, { pickWinners }] = await Promise.all([import('@sweepstack/games/fairness/sha256'), import('@sweepstack/games/fairness/hmac-random'), import('@sweepstack/domain/lottery/rules')]);
  const response = await fetch(`/rest/promo-events/lottery/ticket-list/${draw.number}/`);
  const list = await response.text();
  const hex = (text: string) => toHex(sha256(utf8(text)));
  const tickets = list === '' ? [] : list.split('\n').map((line) => ({ number: Number(line.split(':')[0]), holder: line.split(':')[1] ?? '' }));
  const seedOk = draw.seed !== null && hex(draw.seed) === draw.seedHash;
  const listOk = hex(list) === draw.ticketListHash;
  const winners = seedOk && draw.ticketListHash ? pickWinners(new HmacRandomSource({ serverSeed: draw.seed!, clientSeed: draw.ticketListHash, nonce: draw.number }), tickets, draw.prizes.length) : [];
  return { seedOk, listOk, winnersOk: seedOk && listOk && winners.length === announced.length && winners.every((w, i) => w === announced[i]), tickets: tickets.length };
}
