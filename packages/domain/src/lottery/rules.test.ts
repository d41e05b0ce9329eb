import { describe, expect, it } from 'vitest';
import { operatorDayStartMs } from '../shared/operator-day';
import { DEFAULT_LOTTERY_RATES, periodOf, pickWinners, ticketListText, ticketsFromReceived, ticketsFromWager, underCap } from './rules';

const NY = 'America/New_York';

describe('lottery rules', () => {
  it('weeks run Monday to Monday and months 1st to 1st in the operator zone', () => {
    const thursday = operatorDayStartMs('2026-11-26', NY) + 3_600_000;
    expect(periodOf('weekly', thursday, NY)).toEqual({ startMs: operatorDayStartMs('2026-11-23', NY), endMs: operatorDayStartMs('2026-11-30', NY) });
    expect(periodOf('monthly', thursday, NY)).toEqual({ startMs: operatorDayStartMs('2026-11-01', NY), endMs: operatorDayStartMs('2026-12-01', NY) });
    const monday = operatorDayStartMs('2026-03-02', NY);
    expect(periodOf('weekly', monday, NY).startMs).toBe(monday);
    // A Sunday in early March: the week started in February.
    expect(periodOf('weekly', operatorDayStartMs('2026-03-01', NY) + 1, NY).startMs).toBe(operatorDayStartMs('2026-02-23', NY));
    expect(periodOf('monthly', operatorDayStartMs('2026-12-31', NY), NY).endMs).toBe(operatorDayStartMs('2027-01-01', NY));
  });

  it('counts tickets from wagering with a carry, and from received coins at one rate', () => {
    expect(ticketsFromWager(0, 2_500, DEFAULT_LOTTERY_RATES)).toEqual({ tickets: 2, carryCents: 500 });
    expect(ticketsFromWager(500, 500, DEFAULT_LOTTERY_RATES)).toEqual({ tickets: 1, carryCents: 0 });
    expect(ticketsFromReceived(500, DEFAULT_LOTTERY_RATES)).toBe(5);
    expect(ticketsFromReceived(99, DEFAULT_LOTTERY_RATES)).toBe(0);
    expect(underCap(498, 5, DEFAULT_LOTTERY_RATES)).toBe(2);
    expect(underCap(500, 5, DEFAULT_LOTTERY_RATES)).toBe(0);
  });

  it('publishes the list in number order and draws each holder at most once', () => {
    const tickets = [
      { number: 3, holder: 'c' },
      { number: 1, holder: 'a' },
      { number: 2, holder: 'a' },
      { number: 4, holder: 'b' },
    ];
    expect(ticketListText(tickets)).toBe('1:a\n2:a\n3:c\n4:b');
    // A source that answers 0, 1, 2, 3…: ticket 1 (a), ticket 2 is a's again (skipped), ticket 3 (c), then 4 (b).
    let n = 0;
    const source = { int: (max: number) => n++ % max };
    expect(pickWinners(source, tickets, 5)).toEqual([1, 3, 4]);
    n = 0;
    expect(pickWinners(source, tickets, 1)).toEqual([1]);
    expect(pickWinners(source, [], 3)).toEqual([]);
  });
});
