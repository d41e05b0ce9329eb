import { daysBetween, nextDay, operatorDay, operatorDayStartMs, previousDay } from '../shared/operator-day';

/**
 * The weekly and monthly promo lottery (docs/features/lottery.md; spec §3 Lottery, §7, §9 types
 * weekly and monthly). Pure rules: periods, ticket rates, the published ticket list and the draw.
 */

export type LotteryType = 'weekly' | 'monthly';
export const LOTTERY_TYPES: readonly LotteryType[] = ['weekly', 'monthly'];

export type TicketSource = 'play' | 'purchase' | 'free-entry';

export interface LotteryRates {
  /** Fortune Coins (hundredths) wagered per ticket; the rest carries over to the next round. */
  wagerCentsPerTicket: number;
  /**
   * Fortune Coins (hundredths) received per ticket, the same for a purchase's Fortune Coins and a
   * free entry's: equal terms, so buying never gives a better chance per coin than asking for free.
   */
  receivedCentsPerTicket: number;
  /** Tickets one player can hold in one draw (a cap that keeps the largest spender from owning it). */
  maxTicketsPerPlayer: number;
}

export const DEFAULT_LOTTERY_RATES: LotteryRates = { wagerCentsPerTicket: 1_000, receivedCentsPerTicket: 100, maxTicketsPerPlayer: 500 };

/** [start, end) of the period holding `nowMs`: weeks start Monday 00:00, months on the 1st, in the operator's zone. */
export function periodOf(type: LotteryType, nowMs: number, timeZone: string): { startMs: number; endMs: number } {
  const today = operatorDay(nowMs, timeZone);
  let start: string;
  let end: string;
  if (type === 'weekly') {
    start = today;
    while (weekday(start) !== 1) start = previousDay(start);
    end = start;
    for (let i = 0; i < 7; i += 1) end = nextDay(end);
  } else {
    start = `${today.slice(0, 8)}01`;
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    end = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return { startMs: operatorDayStartMs(start, timeZone), endMs: operatorDayStartMs(end, timeZone) };
}

/** 0 Sunday … 6 Saturday of a `YYYY-MM-DD` day (1970-01-01 was a Thursday). */
function weekday(day: string): number {
  return (((daysBetween('1970-01-01', day) + 4) % 7) + 7) % 7;
}

/** Tickets from wagering: whole tickets of (carry + wager), and the carry left. */
export function ticketsFromWager(carryCents: number, wagerCents: number, rates: LotteryRates): { tickets: number; carryCents: number } {
  const total = carryCents + Math.max(0, wagerCents);
  return { tickets: Math.floor(total / rates.wagerCentsPerTicket), carryCents: total % rates.wagerCentsPerTicket };
}

/** Tickets from Fortune Coins received (a purchase's or a free entry's, at the same rate). */
export function ticketsFromReceived(fcCents: number, rates: LotteryRates): number {
  return Math.floor(Math.max(0, fcCents) / rates.receivedCentsPerTicket);
}

/** Tickets a player may still get in a draw under the cap. */
export function underCap(held: number, earned: number, rates: LotteryRates): number {
  return Math.max(0, Math.min(earned, rates.maxTicketsPerPlayer - held));
}

export interface PublishedTicket {
  /** 1-based, in the order the tickets were issued. */
  number: number;
  /** The holder as published: an opaque reference, not the account id. */
  holder: string;
}

/**
 * The ticket list as published at close: one line per ticket, `number:holder`, in number order,
 * joined by newlines. Its SHA-256 (hex) is the draw's `ticketListHash`.
 */
export function ticketListText(tickets: readonly PublishedTicket[]): string {
  return [...tickets].sort((a, b) => a.number - b.number).map((t) => `${t.number}:${t.holder}`).join('\n');
}

/** What the draw reads chance from: the provably fair HMAC source keyed by the draw's seed. */
export interface DrawSource {
  int(maxExclusive: number): number;
}

/**
 * The winners, place by place: each place draws a ticket uniformly from all tickets (the source's
 * rejection sampling: no modulo bias); a ticket whose holder already won a place is drawn again, so a
 * holder wins at most once. Stops early when every holder has won. Answers ticket numbers by place.
 */
export function pickWinners(source: DrawSource, tickets: readonly PublishedTicket[], places: number): number[] {
  const ordered = [...tickets].sort((a, b) => a.number - b.number);
  const holders = new Set(ordered.map((t) => t.holder));
  const won = new Set<string>();
  const winners: number[] = [];
  while (winners.length < places && won.size < holders.size) {
    const ticket = ordered[source.int(ordered.length)]!;
    if (won.has(ticket.holder)) continue;
    won.add(ticket.holder);
    winners.push(ticket.number);
  }
  return winners;
}
