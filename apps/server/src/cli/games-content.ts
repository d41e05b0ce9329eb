import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [relative, content] of generatedFiles()) {
    const file = path.join(ROOT, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  console.info(`wrote ${generatedFiles().size} files`);
}
