/** A distribution of non-negative integer values with integer weights (exact counts of reel stops). */
export class Histogram {
  // Small values (the vast majority of grids) in a dense array, the rest in a map; weights stay exact
  // integers in float64 while below 2^53 (a game has far fewer stop combinations).
  private static readonly DENSE = 1 << 15;
  private readonly dense = new Float64Array(Histogram.DENSE);
  private readonly sparse = new Map<number, number>();
  private used = false;

  add(value: number, weight: number): void {
    this.used = true;
    if (value < Histogram.DENSE) this.dense[value]! += weight;
    else this.sparse.set(value, (this.sparse.get(value) ?? 0) + weight);
  }

  /** [value, weight] pairs with a non-zero weight. */
  get weights(): Map<number, number> {
    const all = new Map<number, number>();
    for (let v = 0; v < Histogram.DENSE; v++) if (this.dense[v]! > 0) all.set(v, this.dense[v]!);
    for (const [v, w] of this.sparse) all.set(v, w);
    return all;
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
    return !this.used;
  }
}

/** An exact fraction of BigInts as a float. */
export function ratio(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  // Scale before dividing so that huge operands keep 15+ significant digits.
  const scale = 10n ** 18n;
  return Number((numerator * scale) / denominator) / 1e18;
}
