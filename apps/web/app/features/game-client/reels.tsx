import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { SymbolArt, type ThemeName } from './symbol-art';

export interface SymbolInfo {
  name: string;
  kind: string;
}

export interface ReelsHandle {
  /** Spins from the shown grid to `next`; resolves when the last reel has stopped. */
  spin(next: string[][], options: { turbo: boolean; onReelStop?(reel: number): void }): Promise<void>;
}

interface Props {
  grid: string[][];
  rows: number;
  strips: string[][];
  symbols: Record<string, SymbolInfo>;
  palette: readonly [string, string, string];
  theme: ThemeName;
  /** "reel-row" keys of the winning cells. */
  highlight: ReadonlySet<string>;
  /** Lines to draw: [reel, row] points. */
  lines: [number, number][][];
  /** Hold-and-link coin values per cell (reel * rows + row), already formatted; empty string when none. */
  coinLabels: string[];
  label: string;
}

const FILLER = 14;

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The reel window: columns of symbols that spin with transforms (Web Animations, compositor only). */
export const Reels = forwardRef<ReelsHandle, Props>(function Reels({ grid, rows, strips, symbols, palette, theme, highlight, lines, coinLabels, label }, ref) {
  const [spinning, setSpinning] = useState<{ columns: string[][]; turbo: boolean; key: number } | null>(null);
  const stripRefs = useRef<(HTMLDivElement | null)[]>([]);
  const pending = useRef<{ resolve(): void; onReelStop?(reel: number): void } | null>(null);
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
        const columns = next.map((column, reel) => {
          const strip = strips[reel] ?? column;
          const filler = Array.from({ length: FILLER + reel * (options.turbo ? 1 : 3) }, () => strip[Math.floor(Math.random() * strip.length)] ?? column[0] ?? '');
          return [...column, ...filler, ...(shown.current[reel] ?? column)];
        });
        pending.current = { resolve, onReelStop: options.onReelStop };
        setSpinning({ columns, turbo: options.turbo, key: Date.now() });
      });
    },
  }));

  useLayoutEffect(() => {
    if (!spinning) return;
    const done = spinning.columns.map((column, reel) => {
      const el = stripRefs.current[reel];
      if (!el || typeof el.animate !== 'function') return Promise.resolve();
      const travel = ((column.length - rows) / column.length) * 100;
      const duration = (spinning.turbo ? 260 : 700) + reel * (spinning.turbo ? 60 : 220);
      const animation = el.animate([{ transform: `translate3d(0, -${travel}%, 0)` }, { transform: 'translate3d(0, 0.6%, 0)', offset: 0.92 }, { transform: 'translate3d(0, 0, 0)' }], {
        duration,
        easing: 'cubic-bezier(.25,.1,.25,1)',
      });
      return animation.finished.then(
        () => pending.current?.onReelStop?.(reel),
        () => undefined,
      );
    });
    void Promise.all(done).then(() => {
      const p = pending.current;
      pending.current = null;
      setSpinning(null);
      p?.resolve();
    });
  }, [spinning, rows]);

  const reelCount = grid.length;
  return (
    <div role="img" aria-label={label} className="relative grid size-full gap-[1.5%]" style={{ gridTemplateColumns: `repeat(${reelCount}, minmax(0, 1fr))` }} data-testid="reels">
      {grid.map((column, reel) => {
        const cells = spinning?.columns[reel] ?? column;
        return (
          <div key={reel} className="relative overflow-hidden rounded-[6%] bg-black/35">
            <div ref={(el) => void (stripRefs.current[reel] = el)} className="absolute inset-x-0 top-0 will-change-transform" style={{ height: `${(cells.length / rows) * 100}%` }}>
              {cells.map((id, row) => {
                const win = !spinning && highlight.has(`${reel}-${row}`);
                const coin = !spinning && row < rows ? coinLabels[reel * rows + row] : '';
                return (
                  <div key={row} className="relative p-[6%]" style={{ height: `${100 / cells.length}%` }}>
                    <div className={`size-full transition-transform duration-300 ${win ? 'scale-110 drop-shadow-[0_0_10px_rgba(255,230,120,.95)]' : highlight.size > 0 && !spinning ? 'opacity-45' : ''}`}>
                      <SymbolArt id={id} name={symbols[id]?.name ?? id} kind={symbols[id]?.kind ?? 'regular'} palette={palette} theme={theme} />
                    </div>
                    {coin && <span className="absolute inset-x-0 bottom-[8%] text-center text-[clamp(.6rem,2.6vmin,1rem)] font-black text-white [text-shadow:0_1px_2px_#000]">{coin}</span>}
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
      {!spinning && lines.length > 0 && (
        <svg className="pointer-events-none absolute inset-0 size-full" viewBox={`0 0 ${reelCount * 100} ${rows * 100}`} preserveAspectRatio="none" aria-hidden="true">
          {lines.map((points, i) => (
            <polyline key={i} points={points.map(([r, row]) => `${r * 100 + 50},${row * 100 + 50}`).join(' ')} fill="none" stroke="#ffe066" strokeWidth="6" strokeLinejoin="round" strokeLinecap="round" opacity=".9" vectorEffect="non-scaling-stroke" />
          ))}
        </svg>
      )}
    </div>
  );
});
