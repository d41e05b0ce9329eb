/**
 * Free spins as a Markov chain over (spins remaining s, spins awarded a): every spin is independent of
 * the past, pays X and adds min(r, cap - a) spins where r depends on its scatters. Computed in float64
 * (sums of non-negative terms; relative error far below the figures published).
 */
export interface SpinLevel {
  /** Probability of this retrigger level. */
  probability: number;
  /** Spins this level adds (before the cap). */
  adds: number;
  /** E[X · 1{level}], X = the spin's pay units (multiplier included). */
  payMoment: number;
}

export interface FreeSpinsMoments {
  /** E[X], E[X^2] of one free spin. */
  mean: number;
  second: number;
  levels: SpinLevel[];
  cap: number;
}

export interface FeatureValue {
  /** E[F], E[F^2] of the whole feature's pay units, E[spins played]. */
  mean: number;
  second: number;
  spins: number;
}

/** Expected value, second moment and expected spins of a feature that starts with `award` spins. */
export function freeSpinsFeature(m: FreeSpinsMoments, award: number): FeatureValue {
  const cap = m.cap;
  const size = cap + 1;
  const V = new Float64Array(size * size);
  const Q = new Float64Array(size * size);
  const T = new Float64Array(size * size);
  const at = (s: number, a: number): number => s * size + a;
  // The spins that add nothing: the rest of the probability and of the pay moment.
  const stay = {
    adds: 0,
    probability: 1 - m.levels.reduce((t, l) => t + l.probability, 0),
    payMoment: m.mean - m.levels.reduce((t, l) => t + l.payMoment, 0),
  };
  const levels = [...m.levels.filter((l) => l.adds > 0), stay];
  for (let a = cap; a >= 1; a--) {
    for (let s = 1; s <= a; s++) {
      let v = m.mean;
      let q = m.second;
      let t = 1;
      for (const level of levels) {
        const add = Math.min(level.adds, cap - a);
        const next = at(s - 1 + add, a + add);
        v += level.probability * V[next]!;
        t += level.probability * T[next]!;
        q += 2 * level.payMoment * V[next]! + level.probability * Q[next]!;
      }
      V[at(s, a)] = v;
      Q[at(s, a)] = q;
      T[at(s, a)] = t;
    }
  }
  return { mean: V[at(award, award)]!, second: Q[at(award, award)]!, spins: T[at(award, award)]! };
}

/**
 * The largest feature win: `maxPay` on every spin, where the spins that must retrigger pay at most
 * `maxPayRetrigger[level]`; tries every number of retriggers of each level.
 */
export function maxFeatureWin(award: number, cap: number, maxPay: number, retrigger: { adds: number; maxPay: number }[]): number {
  let best = award * maxPay;
  for (const level of retrigger) {
    if (level.adds <= 0 || level.maxPay < 0) continue;
    for (let j = 1; j <= cap; j++) {
      const spins = Math.min(cap, award + j * level.adds);
      if (j > spins) break;
      best = Math.max(best, j * level.maxPay + (spins - j) * maxPay);
      if (award + j * level.adds >= cap) break;
    }
  }
  return best;
}
