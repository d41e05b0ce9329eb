import { type RandomSource } from './random-source';

const TWO_32 = 4_294_967_296;

/**
 * xoshiro128** (Blackman and Vigna) on 32-bit integers, seeded through splitmix32: a fast,
 * reproducible source for simulations and tests. Never used for real play.
 */
export class Xoshiro128 implements RandomSource {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private lastN = 0;
  private lastLimit = 0;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** The next 32-bit word. */
  nextWord(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  int(maxExclusive: number): number {
    if (maxExclusive !== this.lastN) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_32) throw new RangeError(`cannot draw from [0, ${maxExclusive})`);
      this.lastN = maxExclusive;
      this.lastLimit = TWO_32 - (TWO_32 % maxExclusive);
    }
    for (;;) {
      const word = this.nextWord();
      if (word < this.lastLimit) return word % maxExclusive;
    }
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
