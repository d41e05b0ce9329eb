import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePrizeTable, segmentOdds } from '../rewards/prize-table';
import { activeCardIndex, cardExpectation, cardStatus, cardTableProblem, cardTimer, isScratchable } from './card-rules';

const HOUR = 3_600_000;
const seeded = JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../content/scratch-cards/cards.json'), 'utf8')) as { table: unknown };
const table = parsePrizeTable({ ...(seeded.table as object), slug: 'scratch-cards-card', feature: 'scratch-cards' });

describe('scratch card rules', () => {
  it('moves a card from ready_for_activate to available at its timer, and to the mailbox (expired, still scratchable) at its expiry', () => {
    const card = { availableAtMs: 10 * HOUR, expiresAtMs: 20 * HOUR, scratchedAtMs: null };
    expect([cardStatus(card, 9 * HOUR), cardTimer(card, 9 * HOUR)]).toEqual(['ready_for_activate', 10 * HOUR]);
    expect([cardStatus(card, 10 * HOUR), cardTimer(card, 10 * HOUR)]).toEqual(['available', 20 * HOUR]);
    expect([cardStatus(card, 20 * HOUR), cardTimer(card, 20 * HOUR)]).toEqual(['expired', null]);
    expect(cardStatus({ ...card, scratchedAtMs: 11 * HOUR }, 12 * HOUR)).toBe('scratched');
    expect(['ready_for_activate', 'available', 'expired', 'scratched'].map((s) => isScratchable(s as never))).toEqual([false, true, true, false]);
  });

  it('picks the active card as spec §3 says: the first ready_for_activate, else the first available, else the first', () => {
    expect(activeCardIndex(['scratched', 'available', 'ready_for_activate'])).toBe(2);
    expect(activeCardIndex(['expired', 'available', 'available'])).toBe(1);
    expect(activeCardIndex(['scratched', 'expired'])).toBe(0);
    expect(activeCardIndex([])).toBe(-1);
  });

  it('publishes the seeded table\'s odds and what a card pays on average (the figures in docs/features/scratch-cards.md)', () => {
    const odds = segmentOdds(table).map((o) => o.percent);
    expect(odds).toEqual([40, 25, 15, 10, 6, 3, 0.9, 0.1]);
    expect(odds.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 10);
    const expectation = cardExpectation(table);
    expect(expectation.gc).toBeCloseTo(1480, 6);
    expect(expectation.fcCents).toBeCloseTo(17, 6);
    expect(expectation.winChance).toBe(1);
    expect(expectation.fcChance).toBeCloseTo(0.35, 10);
    expect(cardTableProblem(table)).toBeNull();
  });

  it('refuses prizes a card cannot carry', () => {
    expect(cardTableProblem({ segments: [{ weight: 1, prize: { kind: 'multiplier', factor: 2 } }] })).toMatch(/segments\.0\.prize/);
    expect(cardTableProblem({ segments: [{ weight: 1, prize: { kind: 'nothing' } }, { weight: 1, prize: { kind: 'lootbox', table: 'x' } }] })).toMatch(/segments\.1\.prize/);
  });
});
