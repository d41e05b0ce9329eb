import { type RandomSource } from '../fairness/random-source';

/** A random source that answers a script of values (test input, like a fixed seed). */
export class ScriptedRandom implements RandomSource {
  private at = 0;
  constructor(private readonly values: number[]) {}
  int(maxExclusive: number): number {
    const value = this.values[this.at++];
    if (value === undefined) throw new Error(`script exhausted after ${this.at - 1} draws`);
    if (value < 0 || value >= maxExclusive) throw new Error(`scripted ${value} is outside [0, ${maxExclusive})`);
    return value;
  }
  get used(): number {
    return this.at;
  }
}
