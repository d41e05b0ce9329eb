/**
 * Hold-and-link as a Markov chain over (filled cells f, respins left r): each respin every empty cell
 * lands a coin with probability p, so k ~ Binomial(cells - f, p) coins land; k > 0 resets r, k = 0 uses a
 * respin; the chain stops at r = 0 or f = cells. Coin values are independent of the chain, so the
 * feature's pay S (sum of N coins) has E[S] = E[N]μ and E[S²] = E[N]σ² + E[N²]μ². Float64.
 */
export interface FinalCount {
  /** P(N = n) for n = 0..cells. */
  distribution: Float64Array;
  mean: number;
  second: number;
  /** P(full grid). */
  full: number;
}

function binomialRow(n: number, p: number): Float64Array {
  const row = new Float64Array(n + 1);
  let c = 1;
  for (let k = 0; k <= n; k++) {
    row[k] = c * p ** k * (1 - p) ** (n - k);
    c = (c * (n - k)) / (k + 1);
  }
  return row;
}

/** Distribution of the final number of coins for every starting count (index = coins at the start). */
export function finalCounts(cells: number, respins: number, p: number): FinalCount[] {
  // G[f][r] = distribution of the final count from f coins and r respins left.
  const G: Float64Array[][] = Array.from({ length: cells + 1 }, () => Array.from({ length: respins + 1 }, () => new Float64Array(cells + 1)));
  for (let f = cells; f >= 0; f--) {
    const binom = binomialRow(cells - f, p);
    for (let r = 0; r <= respins; r++) {
      const g = G[f]![r]!;
      if (r === 0 || f === cells) {
        g[f] = 1;
        continue;
      }
      const stay = G[f]![r - 1]!;
      for (let n = 0; n <= cells; n++) g[n] = binom[0]! * stay[n]!;
      for (let k = 1; k <= cells - f; k++) {
        const next = G[f + k]![respins]!;
        const pk = binom[k]!;
        for (let n = 0; n <= cells; n++) g[n]! += pk * next[n]!;
      }
    }
  }
  return G.map((byR) => {
    const distribution = byR[respins]!;
    let mean = 0;
    let second = 0;
    distribution.forEach((q, n) => {
      mean += q * n;
      second += q * n * n;
    });
    return { distribution, mean, second, full: distribution[cells]! };
  });
}
