/** What every engine draws from: the provably-fair HMAC source in play, a fast seeded PRNG in simulations. */
export interface RandomSource {
  /** A uniformly random integer in [0, maxExclusive); maxExclusive is an integer in [1, 2^32]. */
  int(maxExclusive: number): number;
}

const TWO_32 = 4_294_967_296;

/**
 * Rejection threshold for a uniform integer in [0, n) from 32-bit words: words at or above
 * `2^32 - (2^32 mod n)` are discarded, so every residue is equally likely (no modulo bias).
 */
export function rejectionLimit(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`cannot draw from [0, ${n})`);
  return TWO_32 - (TWO_32 % n);
}
