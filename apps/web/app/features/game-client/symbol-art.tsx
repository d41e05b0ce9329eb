import { memo } from 'react';

/**
 * The game's symbol art: static SVG files generated from the catalogue (apps/server/src/cli/game-art),
 * one per symbol and a motion-blurred twin for the spinning reels. Images, not inline SVG: the browser
 * rasterises each once and the reels only move them, and the client's JavaScript carries no art.
 */
export function symbolSrc(slug: string, id: string, blur = false): string {
  return `/images/games/symbols/${slug}/${id}${blur ? '-blur' : ''}.svg`;
}

interface Props {
  slug: string;
  id: string;
  kind: string;
  blur?: boolean;
}

function Art({ slug, id, kind, blur = false }: Props) {
  if (kind === 'blank' || !id) return <span aria-hidden="true" className="block size-full" />;
  return <img src={symbolSrc(slug, id, blur)} alt="" draggable={false} decoding="async" className="block size-full select-none object-contain" />;
}

export const SymbolArt = memo(Art);
