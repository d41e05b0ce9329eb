import { describe, expect, it } from 'vitest';
import { arrangeCards, duplicateTypes, placementsInForce, type Placement } from './placements';

const place = (type: string, over: Partial<Placement> = {}): Placement => ({ type, enabled: true, isShowHomePage: false, isShowPromoPage: true, howWorks: null, ...over });
const defaults = [place('a'), place('b', { isShowHomePage: true }), place('c')];

describe('promotion placements', () => {
  it('finds types listed twice', () => {
    expect(duplicateTypes([place('a'), place('b'), place('a'), place('a')])).toEqual(['a']);
    expect(duplicateTypes(defaults)).toEqual([]);
  });

  it("keeps the operator's order, then the defaults of the types left out, and drops unknown types", () => {
    const inForce = placementsInForce([place('c', { enabled: false }), place('zzz'), place('a', { isShowHomePage: true })], defaults);
    expect(inForce.map((p) => p.type)).toEqual(['c', 'a', 'b']);
    expect(inForce[0]!.enabled).toBe(false);
    expect(inForce[1]!.isShowHomePage).toBe(true);
    expect(placementsInForce([], defaults)).toEqual(defaults);
  });

  it('orders cards by type placement, leaves out disabled and off-page types, and splits ready from soon', () => {
    const cards = [
      { type: 'a', availableAtMs: null, id: 1 },
      { type: 'c', availableAtMs: 5_000, id: 2 },
      { type: 'b', availableAtMs: 1_000, id: 3 },
      { type: 'c', availableAtMs: 500, id: 4 },
      { type: 'x', availableAtMs: null, id: 5 },
    ];
    const placements = [place('c'), place('b', { isShowHomePage: true }), place('a', { enabled: false, isShowHomePage: true })];
    const promo = arrangeCards(cards, placements, 'promo', 2_000);
    expect(promo.ready.map((c) => c.id)).toEqual([4, 3]);
    expect(promo.soon.map((c) => c.id)).toEqual([2]);
    const home = arrangeCards(cards, placements, 'home', 2_000);
    expect(home.ready.map((c) => c.id)).toEqual([3]);
    expect(home.soon).toEqual([]);
    // Exactly now counts as ready.
    expect(arrangeCards(cards, placements, 'promo', 5_000).soon).toEqual([]);
  });
});
