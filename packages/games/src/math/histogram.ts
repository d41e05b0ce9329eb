/** A distribution of non-negative integer values with integer weights (exact counts of reel stops). */
export class Histogram {
  readonly weights = new Map<number, number>();

  add(value: number, weight: number): void {
    this.weights.set(value, (this.weights.get(value) ?? 0) + weight);
  }

  /** Total weight, exact. */
  total(): bigint {
    let t = 0n;
    for (const w of this.weights.values()) t += BigInt(w);
    return t;
  }

  /** Σ weight × value^power, exact. */
  moment(power: number): bigint {
    let t = 0n;
    for (const [v, w] of this.weights) t += BigInt(w) * BigInt(v) ** BigInt(power);
    return t;
  }

  /** Total weight of values above zero. */
  positiveWeight(): bigint {
    let t = 0n;
    for (const [v, w] of this.weights) if (v > 0) t += BigInt(w);
    return t;
  }

  max(): number {
    let m = -Infinity;
    for (const [v, w] of this.weights) if (w > 0 && v > m) m = v;
    return m;
  }

  isEmpty(): boolean {
    return this.weights.size === 0;
  }
}

/** An exact fraction of BigInts as a float. */
export function ratio(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  // Scale before dividing so that huge operands keep 15+ significant digits.
  const scale = 10n ** 18n;
  return Number((numerator * scale) / denominator) / 1e18;
}
