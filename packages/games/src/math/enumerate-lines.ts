import { lineOpenAtLastReel, evalLine, type LineTables } from '../engines/lines';
import { type CompiledReels } from '../engines/slot-core';
import { distinctWindows } from './enumerate';

/**
 * Every stop combination of a payline game, faster than evaluating each grid: with the first reels
 * fixed, a line whose first reels cannot be extended has a settled pay (evaluated once), and only the
 * few "open" lines are evaluated again for each window of the last reel. Same evaluation code as play.
 * `visit(lineUnits, specialCount, weight)`, where specialCount counts the cells of symbol kind `special`.
 */
export function enumerateLineGrids(
  reels: CompiledReels,
  t: LineTables,
  kinds: Int8Array,
  special: number,
  visit: (lineUnits: number, specialCount: number, weight: number) => void,
): void {
  const rows = reels.rows;
  const last = reels.reelCount - 1;
  const perReel = Array.from({ length: reels.reelCount }, (_, r) => distinctWindows(reels, r));
  const lastReel = perReel[last]!;
  const lastSpecial = lastReel.windows.map((w) => w.filter((s) => kinds[s] === special).length);
  const grid = new Int32Array(reels.reelCount * rows);
  const open = new Int32Array(t.lineCount);
  const walk = (reel: number, weight: number, specials: number): void => {
    const { windows, weights } = perReel[reel]!;
    const offset = reel * rows;
    for (let i = 0; i < windows.length; i++) {
      const window = windows[i]!;
      let count = specials;
      for (let row = 0; row < rows; row++) {
        grid[offset + row] = window[row]!;
        if (kinds[window[row]!] === special) count++;
      }
      const w = weight * weights[i]!;
      if (reel < last - 1) {
        walk(reel + 1, w, count);
        continue;
      }
      let settled = 0;
      let openCount = 0;
      for (let line = 0; line < t.lineCount; line++) {
        if (lineOpenAtLastReel(t, grid, line)) open[openCount++] = line;
        else settled += evalLine(t, grid, line, null);
      }
      const lastOffset = last * rows;
      for (let j = 0; j < lastReel.windows.length; j++) {
        const lastWindow = lastReel.windows[j]!;
        for (let row = 0; row < rows; row++) grid[lastOffset + row] = lastWindow[row]!;
        let units = settled;
        for (let k = 0; k < openCount; k++) units += evalLine(t, grid, open[k]!, null);
        visit(units, count + lastSpecial[j]!, w * lastReel.weights[j]!);
      }
    }
  };
  walk(0, 1, 0);
}
