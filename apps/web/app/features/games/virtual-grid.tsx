import { useEffect, useRef, useState } from 'react';
import { GameTile, useGameHref } from './game-tile';
import type { LobbyGame } from './types';
import { toGridRows, windowRange } from './windowing';

/** The lobby's column rule (lobby.css): tiles of at least 200 px, 2 to 8 columns. */
const MIN_TILE = 200;
const MAX_COLUMNS = 8;
const GAP = 12;
/** Rows rendered on the server and before the first measurement. */
const FIRST_ROWS = 4;

/**
 * A long grid of games rendered in a window around the viewport (page scroll): with hundreds of
 * games only the visible rows and a few either side are in the DOM.
 */
export function VirtualGameGrid({ games, label }: { games: readonly LobbyGame[]; label: string }) {
  const href = useGameHref();
  const box = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<{ columns: number; rowHeight: number } | null>(null);
  const [range, setRange] = useState({ start: 0, end: FIRST_ROWS, padTop: 0, padBottom: 0 });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const width = el.clientWidth;
      const columns = Math.min(MAX_COLUMNS, Math.max(2, Math.floor((width + GAP) / (MIN_TILE + GAP))));
      const tile = (width - GAP * (columns - 1)) / columns;
      setLayout({ columns, rowHeight: Math.ceil(tile + 28 + GAP) });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const columns = layout?.columns ?? 4;
  const rows = toGridRows(games, columns);

  useEffect(() => {
    if (!layout) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const el = box.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      setRange(windowRange({ scrollTop: -top, viewport: window.innerHeight, rowHeight: layout.rowHeight, rowCount: rows.length, overscan: 3 }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [layout, rows.length]);

  const shown = layout ? rows.slice(range.start, range.end) : rows.slice(0, FIRST_ROWS);
  return (
    <div ref={box} role="list" aria-label={label} data-testid="game-grid" data-count={games.length}>
      <div style={{ height: layout ? range.padTop : 0 }} aria-hidden="true" />
      {shown.map((row, i) => (
        <div key={(layout ? range.start : 0) + i} className="grid gap-3 pb-3" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {row.map((game) => (
            <div role="listitem" key={game.id}>
              <GameTile game={game} href={href(game.slug)} />
            </div>
          ))}
        </div>
      ))}
      <div style={{ height: layout ? range.padBottom : Math.max(0, rows.length - FIRST_ROWS) * 180 }} aria-hidden="true" />
    </div>
  );
}
