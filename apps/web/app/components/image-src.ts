/** Responsive image URLs through the server's /img/ endpoint (spec §9: widths, densities 1 and 2, quality 75). */
export const IMAGE_WIDTHS = [320, 576, 768, 1024, 1280, 1400, 1536] as const;
export const IMAGE_QUALITY = 75;

export function imageUrl(src: string, width: number, dpr = 1, quality = IMAGE_QUALITY): string {
  const params = new URLSearchParams({ src, w: String(width), dpr: String(dpr), q: String(quality) });
  return `/img/?${params.toString()}`;
}

/** Local images (paths starting with /) go through /img/; remote or data URLs are used as they are. */
export function isOptimizable(src: string): boolean {
  // Vector images are sharp at every size: they are served as they are.
  return src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/img/') && !/\.svg(\?|$)/i.test(src);
}

/**
 * srcset for an image `width` CSS pixels wide: a fixed width gets 1x and 2x candidates (the smallest
 * allowed widths covering it); a fluid image lists every width.
 */
export function imageSrcSet(src: string, width?: number): string {
  if (width !== undefined) {
    const fit = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    return `${imageUrl(src, fit ?? 320, 1)} 1x, ${imageUrl(src, fit ?? 320, 2)} 2x`;
  }
  return IMAGE_WIDTHS.map((w) => `${imageUrl(src, w)} ${w}w`).join(', ');
}

/** A game tile's art (`/images/games/<slug>.svg`, apps/server/src/cli/games-content.ts). */
const TILE_ART = /^\/images\/games\/([a-z0-9-]+)\.svg$/;
/** Widths of the tiles' WebP renditions (the generator's TILE_RENDITION_WIDTHS). */
export const TILE_RENDITION_WIDTHS = [240, 480] as const;

/**
 * The WebP renditions of a game tile's SVG art, for an image `width` CSS pixels wide: a phone paints
 * two dozen SVG tiles (illustrations with blurs) on the main thread, a decoded bitmap costs it nothing
 * (docs/benchmarks.md, "Lobby on a phone"). Null for any other image.
 */
export function tileRendition(src: string, width = 240): { src: string; srcSet: string } | null {
  const slug = TILE_ART.exec(src)?.[1];
  if (!slug) return null;
  const file = (w: number) => `/images/games/tiles/${slug}-${w}.webp`;
  const [small, large] = TILE_RENDITION_WIDTHS;
  return width <= small / 2 ? { src: file(small), srcSet: `${file(small)} 1x` } : { src: file(small), srcSet: `${file(small)} 1x, ${file(large)} 2x` };
}
