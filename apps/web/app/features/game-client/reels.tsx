import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { fillerCount, landingAt, reelDurations, reelKeyframes } from './reel-motion';
import { SymbolArt } from './symbol-art';

export interface SymbolInfo {
  name: string;
  kind: string;
}

export interface SpinOptions {
  turbo: boolean;
  /** The first reel that anticipates the feature (-1: none). */
  anticipateFrom?: number;
  /** "reel-row" cells that stay still while the rest spins (hold and link: the coins already locked). */
  held?: ReadonlySet<string>;
  onReelStop?(reel: number): void;
  onAnticipation?(): void;
}

export interface ReelsHandle {
  /** Spins from the shown grid to `next`; resolves when the last reel has landed on it. */
  spin(next: string[][], options: SpinOptions): Promise<void>;
}

interface Props {
  slug: string;
  grid: string[][];
  rows: number;
  strips: string[][];
  symbols: Record<string, SymbolInfo>;
  /** "reel-row" keys of the winning cells. */
  highlight: ReadonlySet<string>;
  /** Lines to draw: [reel, row] points. */
  lines: [number, number][][];
  /** Hold-and-link coin values per cell (reel * rows + row), already formatted; empty string when none. */
  coinLabels: string[];
  label: string;
}

interface Cell {
  id: string;
  blur: boolean;
}

interface Spinning {
  columns: Cell[][];
  held: ReadonlySet<string>;
  durations: number[];
  anticipateFrom: number;
  key: number;
}

const LINE_COLOURS = ['#ffe066', '#7ee8fa', '#ff8fab', '#b4f8c8', '#ffb86b', '#c3a6ff'];

export function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The reel window: columns of symbol images that spin with transforms (Web Animations, compositor
 * only): blurred symbols pass at full speed and the landing rows are the server's result, sharp.
 */
export const Reels = forwardRef<ReelsHandle, Props>(function Reels({ slug, grid, rows, strips, symbols, highlight, lines, coinLabels, label }, ref) {
  const [spinning, setSpinning] = useState<Spinning | null>(null);
  const [landed, setLanded] = useState(0);
  const stripRefs = useRef<(HTMLDivElement | null)[]>([]);
  const pending = useRef<{ resolve(): void; options: SpinOptions } | null>(null);
  const shown = useRef(grid);
  useEffect(() => {
    shown.current = grid;
  }, [grid]);

  useImperativeHandle(ref, () => ({
    spin(next, options) {
      return new Promise<void>((resolve) => {
        if (reducedMotion()) {
          resolve();
          return;
        }
        const anticipateFrom = options.anticipateFrom ?? -1;
        const durations = reelDurations(next.length, options.turbo, anticipateFrom);
        const columns = next.map((column, reel) => {
          const strip = strips[reel] ?? column;
          const filler = Array.from({ length: fillerCount(durations[reel] ?? 0, options.turbo) }, (): Cell => ({ id: strip[Math.floor(Math.random() * strip.length)] ?? column[0] ?? '', blur: true }));
          const sharp = (ids: readonly string[]) => ids.map((id): Cell => ({ id, blur: false }));
          return [...sharp(column), ...filler, ...sharp(shown.current[reel] ?? column)];
        });
        pending.current = { resolve, options };
        setLanded(0);
        setSpinning({ columns, durations, anticipateFrom, held: options.held ?? new Set(), key: Date.now() });
      });
    },
  }));

  useLayoutEffect(() => {
    if (!spinning) return;
    const options = pending.current?.options;
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (spinning.anticipateFrom >= 0 && options?.onAnticipation) {
      const before = spinning.durations[spinning.anticipateFrom - 1] ?? 0;
      timers.push(setTimeout(() => options.onAnticipation?.(), landingAt(before)));
    }
    const done = spinning.columns.map((column, reel) => {
      const el = stripRefs.current[reel];
      const duration = spinning.durations[reel] ?? 0;
      timers.push(
        setTimeout(() => {
          setLanded((n) => Math.max(n, reel + 1));
          options?.onReelStop?.(reel);
        }, landingAt(duration)),
      );
      if (!el || typeof el.animate !== 'function') return Promise.resolve();
      return el.animate(reelKeyframes(column.length, rows), { duration, fill: 'none' }).finished.then(
        () => undefined,
        () => undefined,
      );
    });
    void Promise.all(done).then(() => {
      const p = pending.current;
      pending.current = null;
      setSpinning(null);
      p?.resolve();
    });
    return () => timers.forEach(clearTimeout);
  }, [spinning, rows]);

  const reelCount = grid.length;
  const showWins = !spinning && highlight.size > 0;
  return (
    <div role="img" aria-label={label} className="relative grid size-full gap-[1.5%]" style={{ gridTemplateColumns: `repeat(${reelCount}, minmax(0, 1fr))` }} data-testid="reels">
      {grid.map((column, reel) => {
        const cells: Cell[] = spinning?.columns[reel] ?? column.map((id) => ({ id, blur: false }));
        const anticipating = spinning !== null && spinning.anticipateFrom >= 0 && reel >= spinning.anticipateFrom && reel >= landed && landed >= spinning.anticipateFrom;
        return (
          <div key={reel} className={`gc-reel relative overflow-hidden rounded-[6%] ${anticipating ? 'gc-anticipate' : ''}`} data-anticipating={anticipating ? 'true' : undefined}>
            <div ref={(el) => void (stripRefs.current[reel] = el)} className="absolute inset-x-0 top-0 will-change-transform" style={{ height: `${(cells.length / rows) * 100}%` }}>
              {cells.map((cell, row) => {
                const win = showWins && highlight.has(`${reel}-${row}`);
                const coin = !spinning && row < rows ? coinLabels[reel * rows + row] : '';
                return (
                  <div key={row} className="relative p-[5%]" style={{ height: `${100 / cells.length}%` }}>
                    {win && <span aria-hidden="true" className="gc-win-glow absolute inset-0" />}
                    <div className={`relative size-full ${win ? 'gc-win' : showWins ? 'opacity-45 transition-opacity duration-300' : ''}`}>
                      <SymbolArt slug={slug} id={cell.id} kind={symbols[cell.id]?.kind ?? 'regular'} blur={cell.blur} />
                    </div>
                    {coin && <span className="absolute inset-x-0 bottom-[10%] text-center text-[clamp(.6rem,2.6vmin,1rem)] font-black text-white [text-shadow:0_1px_2px_#000,0_0_6px_#000]">{coin}</span>}
                  </div>
                );
              })}
            </div>
            {spinning &&
              column.map((id, row) =>
                spinning.held.has(`${reel}-${row}`) ? (
                  <div key={`held-${row}`} className="gc-held absolute inset-x-0 p-[5%]" style={{ top: `${(row / rows) * 100}%`, height: `${100 / rows}%` }} data-testid="held-cell">
                    <SymbolArt slug={slug} id={id} kind={symbols[id]?.kind ?? 'regular'} />
                    {coinLabels[reel * rows + row] && <span className="absolute inset-x-0 bottom-[10%] text-center text-[clamp(.6rem,2.6vmin,1rem)] font-black text-white [text-shadow:0_1px_2px_#000,0_0_6px_#000]">{coinLabels[reel * rows + row]}</span>}
                  </div>
                ) : null,
              )}
          </div>
        );
      })}
      {!spinning && lines.length > 0 && (
        <svg className="pointer-events-none absolute inset-0 size-full" viewBox={`0 0 ${reelCount * 100} ${rows * 100}`} preserveAspectRatio="none" aria-hidden="true" data-testid="win-lines">
          {lines.map((points, i) => (
            <polyline
              key={i}
              className="gc-line"
              style={{ animationDelay: `${i * 140}ms` }}
              pathLength={1}
              points={points.map(([r, row]) => `${r * 100 + 50},${row * 100 + 50}`).join(' ')}
              fill="none"
              stroke={LINE_COLOURS[i % LINE_COLOURS.length]}
              strokeWidth="5"
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      )}
    </div>
  );
});
