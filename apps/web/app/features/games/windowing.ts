/** The rows of a long list worth rendering: the visible ones plus `overscan` on each side. */
export interface WindowRange {
  start: number;
  /** Exclusive. */
  end: number;
  /** Space before the first rendered row and after the last one, in pixels. */
  padTop: number;
  padBottom: number;
}

export function windowRange(input: { scrollTop: number; viewport: number; rowHeight: number; rowCount: number; overscan?: number }): WindowRange {
  const { rowHeight, rowCount } = input;
  const overscan = input.overscan ?? 2;
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const first = Math.floor(Math.max(0, input.scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, input.viewport) / rowHeight) + 1;
  const start = Math.min(rowCount, Math.max(0, first - overscan));
  const end = Math.min(rowCount, first + visible + overscan);
  return { start, end: Math.max(start, end), padTop: start * rowHeight, padBottom: (rowCount - Math.max(start, end)) * rowHeight };
}

/** Groups items into grid rows of `columns` (the unit the window counts). */
export function toGridRows<T>(items: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(columns));
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}
