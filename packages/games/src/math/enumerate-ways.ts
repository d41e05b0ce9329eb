import { type CompiledReels, WILD } from '../engines/slot-core';
import { type WaysTables } from '../engines/ways';
import { distinctWindows } from './enumerate';

/**
 * Every stop combination of a 243-ways game with the first reels fixed once: a symbol whose run stops
 * before the last reel has a settled pay, only symbols present (or wild) on every earlier reel depend on
 * the last reel's window. Same rule as evalWays: pays[k] × Π (count of the symbol + wild multipliers)
 * over the k reels of the run. `visit(waysUnits, specialCount, weight)`.
 */
export function enumerateWaysGrids(
  reels: CompiledReels,
  t: WaysTables,
  special: number,
  visit: (waysUnits: number, specialCount: number, weight: number) => void,
): void {
  const { reelCount, rows, symbolCount: S, pays, kinds, wildMultipliers, payers } = t;
  const last = reelCount - 1;
  // Per reel and distinct window: the weight of every symbol (its count plus the window's wild multipliers).
  const perReel = Array.from({ length: reelCount }, (_, r) => {
    const { windows, weights } = distinctWindows(reels, r);
    const symbolWeights = windows.map((window) => {
      const counts = new Int32Array(S);
      let wild = 0;
      for (let row = 0; row < rows; row++) {
        const s = window[row]!;
        if (kinds[s] === WILD) wild += wildMultipliers[s]!;
        else counts[s]! += 1;
      }
      for (let s = 0; s < S; s++) counts[s]! += wild;
      return counts;
    });
    const specials = windows.map((w) => w.filter((s) => kinds[s] === special).length);
    return { weights, symbolWeights, specials };
  });
  const P = payers.length;
  const products = new Float64Array(reelCount * P); // running product of each payer over reels 0..r
  const runs = new Int32Array(reelCount * P); // run length of each payer up to reel r
  const open = new Int32Array(P);
  const openProducts = new Float64Array(P);
  const walk = (reel: number, weight: number, specials: number): void => {
    const { weights, symbolWeights, specials: windowSpecials } = perReel[reel]!;
    for (let i = 0; i < weights.length; i++) {
      const sw = symbolWeights[i]!;
      for (let p = 0; p < P; p++) {
        const s = payers[p]!;
        const previousRun = reel === 0 ? 0 : runs[(reel - 1) * P + p]!;
        const previousProduct = reel === 0 ? 1 : products[(reel - 1) * P + p]!;
        const extends_ = previousRun === reel && sw[s]! > 0;
        runs[reel * P + p] = extends_ ? previousRun + 1 : previousRun;
        products[reel * P + p] = extends_ ? previousProduct * sw[s]! : previousProduct;
      }
      const w = weight * weights[i]!;
      const count = specials + windowSpecials[i]!;
      if (reel < last - 1) {
        walk(reel + 1, w, count);
        continue;
      }
      let settled = 0;
      let openCount = 0;
      const at = reel * P;
      for (let p = 0; p < P; p++) {
        const run = runs[at + p]!;
        if (run === last) {
          open[openCount] = p;
          openProducts[openCount++] = products[at + p]!;
        } else if (run > 0) {
          settled += pays[payers[p]! * reelCount + run - 1]! * products[at + p]!;
        }
      }
      const lastReel = perReel[last]!;
      for (let j = 0; j < lastReel.weights.length; j++) {
        const sw5 = lastReel.symbolWeights[j]!;
        let units = settled;
        for (let k = 0; k < openCount; k++) {
          const s = payers[open[k]!]!;
          const w5 = sw5[s]!;
          units += w5 > 0 ? pays[s * reelCount + last]! * openProducts[k]! * w5 : pays[s * reelCount + last - 1]! * openProducts[k]!;
        }
        visit(units, count + lastReel.specials[j]!, w * lastReel.weights[j]!);
      }
    }
  };
  walk(0, 1, 0);
}
