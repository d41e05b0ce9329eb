import { type CompiledSymbols, type RawWin, REGULAR, WILD } from './slot-core';

/** 243-ways tables: pays[symbol * reels + (count - 1)] in pay units per way. */
export interface WaysTables {
  reelCount: number;
  rows: number;
  symbolCount: number;
  pays: Int32Array;
  kinds: Int8Array;
  wildMultipliers: Int32Array;
  /** Regular symbols that pay something. */
  payers: Int32Array;
  /** Scratch: per reel the weight of each symbol, and the wild weight. */
  weights: Int32Array;
  wildWeights: Int32Array;
}

/** Builds ways tables. */
export function compileWays(symbols: CompiledSymbols, pays: Record<string, number[]>, reelCount: number, rows: number): WaysTables {
  const S = symbols.ids.length;
  const table = new Int32Array(S * reelCount);
  const payers: number[] = [];
  for (const [id, values] of Object.entries(pays)) {
    const s = symbols.index.get(id);
    if (s === undefined) throw new Error(`paytable: unknown symbol ${id}`);
    if (symbols.kinds[s] !== REGULAR) throw new Error(`paytable: ${id} cannot pay on ways`);
    if (values.length !== reelCount) throw new Error(`paytable ${id}: need ${reelCount} entries`);
    values.forEach((v, k) => {
      if (!Number.isInteger(v) || v < 0) throw new Error(`paytable ${id}: pays are non-negative integers`);
      table[s * reelCount + k] = v;
    });
    if (values[0]! > 0) throw new Error(`paytable ${id}: a single symbol cannot pay`);
    payers.push(s);
  }
  return {
    reelCount,
    rows,
    symbolCount: S,
    pays: table,
    kinds: symbols.kinds,
    wildMultipliers: symbols.wildMultipliers,
    payers: Int32Array.from(payers),
    weights: new Int32Array(S * reelCount),
    wildWeights: new Int32Array(reelCount),
  };
}

/**
 * Pays every symbol on adjacent reels from the left: a symbol present on reels 1..k pays
 * pays[k] × (product over those reels of the symbol's count plus the sum of the wild multipliers on the reel),
 * which is the number of ways with each way multiplied by the product of the wild multipliers in it.
 * Wilds never stand on reel 1 (checked when the game is built), so wilds never pay alone.
 */
export function evalWays(t: WaysTables, grid: Int32Array, wins: RawWin[] | null): number {
  const { reelCount, rows, symbolCount: S, pays, kinds, wildMultipliers, payers, weights, wildWeights } = t;
  weights.fill(0);
  for (let r = 0; r < reelCount; r++) {
    let wildWeight = 0;
    for (let row = 0; row < rows; row++) {
      const s = grid[r * rows + row]!;
      if (kinds[s] === WILD) wildWeight += wildMultipliers[s]!;
      else weights[r * S + s]! += 1;
    }
    wildWeights[r] = wildWeight;
  }
  let total = 0;
  for (let i = 0; i < payers.length; i++) {
    const s = payers[i]!;
    let product = 1;
    let k = 0;
    while (k < reelCount) {
      const w = weights[k * S + s]! + wildWeights[k]!;
      if (w === 0) break;
      product *= w;
      k++;
    }
    if (k === 0) continue;
    const pay = pays[s * reelCount + k - 1]!;
    if (pay === 0) continue;
    const units = pay * product;
    total += units;
    if (wins !== null) {
      const positions: [number, number][] = [];
      for (let r = 0; r < k; r++) {
        for (let row = 0; row < rows; row++) {
          const c = grid[r * rows + row]!;
          if (c === s || kinds[c] === WILD) positions.push([r, row]);
        }
      }
      wins.push({ type: 'ways', symbol: s, count: k, ways: product, positions, units });
    }
  }
  return total;
}
