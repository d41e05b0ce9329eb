/** Chance is an input (DESIGN.md rule 6): production passes node:crypto, tests a seeded RNG. */
export interface Rng {
  /** A uniformly random integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** Uniformly random bytes. */
  bytes(length: number): Uint8Array;
}
