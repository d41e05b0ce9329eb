import { type RandomSource } from './random-source';

const TWO_32 = 4_294_967_296;

/**
 * xoshiro128** (Blackman and Vigna) on 32-bit integers, seeded through splitmix32: a fast,
 * reproducible source for simulations and tests. Never used for real play.
 */
export class Xoshiro128 implements RandomSource {
  // State in a typed array: 32-bit values stored in object fields would be boxed on every update.
  private readonly s = new Int32Array(4);

  constructor(seed: number) {
    let x = seed >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) | 0;
    };
    for (let i = 0; i < 4; i++) this.s[i] = next();
    if ((this.s[0]! | this.s[1]! | this.s[2]! | this.s[3]!) === 0) this.s[0] = 1;
  }

  /** The next 32-bit word. */
  nextWord(): number {
    const s = this.s;
    const s0 = s[0]!, s1 = s[1]!, s2 = s[2]!, s3 = s[3]!;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    const c = s2 ^ s0;
    const d = s3 ^ s1;
    s[1] = s1 ^ c;
    s[0] = s0 ^ d;
    s[2] = c ^ t;
    s[3] = (d << 11) | (d >>> 21);
    return result;
  }

  int(maxExclusive: number): number {
    const n = maxExclusive | 0;
    if (n === maxExclusive && n > 0) {
      // 2^32 mod n in 32-bit integer arithmetic; words at or above 2^32 - that are rejected.
      const limit = 4_294_967_296 - (((-n) >>> 0) % n);
      for (;;) {
        const word = this.nextWord();
        if (word < limit) return word % n;
      }
    }
    if (!(maxExclusive >= 1 && maxExclusive <= TWO_32) || maxExclusive !== Math.floor(maxExclusive)) throw new RangeError(`cannot draw from [0, ${maxExclusive})`);
    const limit = TWO_32 - (TWO_32 % maxExclusive);
    for (;;) {
      const word = this.nextWord();
      if (word < limit) return word % maxExclusive;
    }
  }
}
