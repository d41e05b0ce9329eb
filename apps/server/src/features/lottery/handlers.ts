import { CashierDepositCompleted } from '@sweepstack/contracts/cashier/events';
import { FreeEntryDecided } from '@sweepstack/contracts/free-entry/events';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { LotteryTicketsIssued } from '@sweepstack/contracts/lottery/events';
import { issueTickets, openDraw, progressOf, ratesOf, saveProgress, sourceUsed } from '@sweepstack/db/lottery/repository';
import type { Database } from '@sweepstack/db/schema';
import { LOTTERY_TYPES, ticketsFromReceived, ticketsFromWager, underCap, type TicketSource } from '@sweepstack/domain/lottery/rules';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Transaction } from 'kysely';
import type { On, OnBatch } from '../../events/registry';
import { recordPush } from '../../realtime/push';

/** Issues tickets in every open draw for what a player received (a purchase's or a free entry's Fortune Coins), once per source. */
async function ticketsForReceived(trx: Transaction<Database>, playerId: number, fcCents: number, source: TicketSource, sourceKey: string, clock: Clock): Promise<void> {
  const nowMs = clock.nowMs();
  for (const type of LOTTERY_TYPES) {
    const draw = await openDraw(trx, type, nowMs);
    if (!draw || (await sourceUsed(trx, Number(draw.id), sourceKey))) continue;
    const rates = ratesOf(draw);
    const progress = await progressOf(trx, Number(draw.id), playerId);
    const count = underCap(progress.tickets, ticketsFromReceived(fcCents, rates), rates);
    const numbers = await issueTickets(trx, { drawId: Number(draw.id), playerId, source, sourceKey, count, nowMs });
    if (numbers.length === 0) continue;
    await saveProgress(trx, Number(draw.id), playerId, { tickets: progress.tickets + numbers.length, carryCents: progress.carryCents });
    await pushTickets(trx, playerId, Number(draw.id), type, numbers.length, clock);
  }
}

function pushTickets(trx: Transaction<Database>, playerId: number, drawNumber: number, type: 'weekly' | 'monthly', count: number, clock: Clock) {
  return recordPush(trx, { eventType: LotteryTicketsIssued.name, playerId, payload: { drawNumber, count }, push: { type: 'lottery', action: 'tickets', data: { drawNumber, lotteryType: type, count } } }, { clock });
}

/**
 * Tickets (docs/features/lottery.md): Fortune Coins wagered earn them at the draw's published rate
 * (one transaction per batch of rounds); Fortune Coins received earn them at one rate whether they
 * came with a purchase or a free entry (equal terms). Gold Coin play earns none. Each draw caps a
 * player's tickets.
 */
export function lotteryHandlers({ on, onBatch }: { on: On; onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function ticketsFromPlay(events, { trx, clock }) {
    const wagered = new Map<number, { cents: number; firstEventId: number }>();
    for (const event of events) {
      if (event.playerId === null || event.payload.currency !== 'FC' || event.payload.stake <= 0) continue;
      const w = wagered.get(event.playerId) ?? { cents: 0, firstEventId: event.id };
      w.cents += event.payload.stake;
      wagered.set(event.playerId, w);
    }
    if (wagered.size === 0) return;
    const nowMs = clock.nowMs();
    for (const type of LOTTERY_TYPES) {
      const draw = await openDraw(trx, type, nowMs);
      if (!draw) continue;
      const rates = ratesOf(draw);
      for (const [playerId, w] of wagered) {
        const progress = await progressOf(trx, Number(draw.id), playerId);
        const earned = ticketsFromWager(progress.carryCents, w.cents, rates);
        const count = underCap(progress.tickets, earned.tickets, rates);
        const numbers = await issueTickets(trx, { drawId: Number(draw.id), playerId, source: 'play', sourceKey: `play:${w.firstEventId}`, count, nowMs });
        await saveProgress(trx, Number(draw.id), playerId, { tickets: progress.tickets + numbers.length, carryCents: earned.carryCents });
        if (numbers.length > 0) await pushTickets(trx, playerId, Number(draw.id), type, numbers.length, clock);
      }
    }
  });

  on(CashierDepositCompleted, async function ticketsFromPurchase(event, { trx, clock }) {
    if (event.playerId === null || event.payload.fortuneCents <= 0) return;
    await ticketsForReceived(trx, event.playerId, event.payload.fortuneCents, 'purchase', `purchase:${event.payload.paymentId}`, clock);
  });

  on(FreeEntryDecided, async function ticketsFromFreeEntry(event, { trx, clock }) {
    if (event.playerId === null || event.payload.status !== 'credited') return;
    await ticketsForReceived(trx, event.playerId, event.payload.amountCents, 'free-entry', `free-entry:${event.payload.requestId}`, clock);
  });
}
