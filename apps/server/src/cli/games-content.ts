import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '@sweepstack/games/catalogue/games';
import { STUDIOS } from '@sweepstack/games/catalogue/studios';
import type { CatalogueGame } from '@sweepstack/games/catalogue/types';
import { symbolFiles, tileSvg } from './game-art/compose';

/**
 * Writes the studio package's catalogue as versioned content (content/games/catalogue.json, which the
 * database seed reads: the db package may not import the studio), every game's tile and symbol art
 * (game-art/compose.ts) and the providers' logos (apps/web/public/images/games/). Run after changing the catalogue:
 * `node --import tsx apps/server/src/cli/games-content.ts`. A test checks both are up to date.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface CatalogueFile {
  studios: { slug: string; name: string; tagline: string }[];
  games: { slug: string; title: string; studio: string; engine: string; volatility: string; theme: string; description: string; flags: CatalogueGame['flags'] }[];
}

export function catalogueFile(): CatalogueFile {
  const studioSlug = new Map(Object.values(STUDIOS).map((s) => [s.name as string, s.slug as string]));
  return {
    studios: Object.values(STUDIOS).map((s) => ({ slug: s.slug, name: s.name, tagline: s.tagline })),
    games: CATALOGUE.map((g) => ({ slug: g.slug, title: g.title, studio: studioSlug.get(g.studio)!, engine: g.engine, volatility: g.volatility, theme: g.theme, description: g.description, flags: g.flags })),
  };
}

export function catalogueJson(): string {
  return `${JSON.stringify(catalogueFile(), null, 2)}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A small deterministic generator so that each game's art is stable across runs. */
function seeded(text: string): () => number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

export function providerSvg(studio: { slug: string; name: string }): string {
  const rand = seeded(studio.slug);
  const hue = Math.round(rand() * 360);
  const initials = studio.name.split(' ').map((w) => w[0]).join('').slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80" role="img" aria-label="${escapeXml(studio.name)}">
<rect width="200" height="80" rx="16" fill="hsl(${hue} 45% 22%)"/>
<circle cx="40" cy="40" r="24" fill="hsl(${hue} 70% 55%)"/>
<text x="40" y="48" text-anchor="middle" font-family="system-ui,sans-serif" font-size="22" font-weight="800" fill="#fff">${escapeXml(initials)}</text>
<text x="76" y="46" font-family="system-ui,sans-serif" font-size="14" font-weight="700" fill="#fff">${escapeXml(studio.name)}</text>
</svg>
`;
}

/** Every generated file: path relative to the repository root → content. */
export function generatedFiles(): Map<string, string> {
  const files = new Map<string, string>();
  files.set('content/games/catalogue.json', catalogueJson());
  for (const game of CATALOGUE) files.set(`apps/web/public/images/games/${game.slug}.svg`, tileSvg(game));
  for (const [relative, content] of symbolFiles()) files.set(`apps/web/public/${relative}`, content);
  for (const studio of Object.values(STUDIOS)) files.set(`apps/web/public/images/games/providers/${studio.slug}.svg`, providerSvg(studio));
  return files;
}

/** Widths (pixels) of the tiles' raster renditions: 1x and 2x of the lobby's 240-pixel tile slot. */
export const TILE_RENDITION_WIDTHS = [240, 480] as const;
/** Where they go, relative to the repository root, with the source hash of each tile (`renditions.json`). */
export const TILE_RENDITIONS_DIR = 'apps/web/public/images/games/tiles';

/** The source hash a tile's renditions were made from (renditions.json): a test finds stale ones. */
export function tileSourceHash(svg: string): string {
  return createHash('sha256').update(svg).digest('hex').slice(0, 16);
}

/**
 * WebP renditions of every tile (`tiles/<slug>-240.webp`, `-480.webp`): the lobby shows these, not the
 * SVG, because a phone paints two dozen SVG tiles (illustrations with blurs) on the main thread at every
 * load, the largest part of the lobby's blocking time (docs/benchmarks.md, "Lobby on a phone").
 */
async function writeTileRenditions(): Promise<void> {
  const dir = path.join(ROOT, TILE_RENDITIONS_DIR);
  mkdirSync(dir, { recursive: true });
  const hashes: Record<string, string> = {};
  for (const game of CATALOGUE) {
    const svg = tileSvg(game);
    hashes[game.slug] = tileSourceHash(svg);
    for (const width of TILE_RENDITION_WIDTHS) {
      // The tile's viewBox is 400 wide: rendered at the density that gives `width` pixels, never scaled up.
      await sharp(Buffer.from(svg), { density: (72 * width) / 400 })
        .resize({ width })
        .webp({ quality: 82 })
        .toFile(path.join(dir, `${game.slug}-${width}.webp`));
    }
  }
  writeFileSync(path.join(dir, 'renditions.json'), `${JSON.stringify(hashes, null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [relative, content] of generatedFiles()) {
    const file = path.join(ROOT, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  await writeTileRenditions();
  console.info(`wrote ${generatedFiles().size} files and the tiles' WebP renditions`);
}
