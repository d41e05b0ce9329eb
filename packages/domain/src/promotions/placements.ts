/**
 * Promotions (docs/features/promotions.md): the operator's placement of each promotion type (shown at
 * all, on the home page, on the promotions page, in which order) applied to the cards the features
 * answered. Pure rules; the type names come from the caller (the contracts' list).
 */

export interface Placement<T extends string = string> {
  type: T;
  enabled: boolean;
  isShowHomePage: boolean;
  isShowPromoPage: boolean;
  howWorks: { en: string; es: string } | null;
}

/** Types listed more than once (each once, in the order met). */
export function duplicateTypes<T extends string>(placements: readonly Pick<Placement<T>, 'type'>[]): T[] {
  const seen = new Set<T>();
  const twice = new Set<T>();
  for (const { type } of placements) (seen.has(type) ? twice : seen).add(type);
  return [...twice];
}

/**
 * The placements in force: the operator's, in their order, then every type they left out with its
 * default, in the defaults' order. A stored type that is no longer known is dropped.
 */
export function placementsInForce<T extends string>(stored: readonly Placement<T>[], defaults: readonly Placement<T>[]): Placement<T>[] {
  const known = new Set(defaults.map((d) => d.type));
  const listed = new Set<T>();
  const result: Placement<T>[] = [];
  for (const placement of stored) {
    if (!known.has(placement.type) || listed.has(placement.type)) continue;
    listed.add(placement.type);
    result.push(placement);
  }
  for (const placement of defaults) if (!listed.has(placement.type)) result.push(placement);
  return result;
}

export type PromotionPage = 'promo' | 'home';

/**
 * The cards one page shows, in the operator's type order (a type's cards in the order its features
 * answered them): cards of a disabled type, or of a type not shown on this page, are left out. Cards
 * whose `availableAtMs` is still ahead go to `soon`, the others to `ready`.
 */
export function arrangeCards<T extends string, C extends { type: T; availableAtMs: number | null }>(cards: readonly C[], placements: readonly Placement<T>[], page: PromotionPage, nowMs: number): { ready: C[]; soon: C[] } {
  const ready: C[] = [];
  const soon: C[] = [];
  for (const placement of placements) {
    if (!placement.enabled || !(page === 'home' ? placement.isShowHomePage : placement.isShowPromoPage)) continue;
    for (const card of cards) {
      if (card.type !== placement.type) continue;
      (card.availableAtMs !== null && card.availableAtMs > nowMs ? soon : ready).push(card);
    }
  }
  return { ready, soon };
}
