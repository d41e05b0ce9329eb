import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '@sweepstack/games/catalogue/games';
import { STUDIOS } from '@sweepstack/games/catalogue/studios';
import type { CatalogueGame } from '@sweepstack/games/catalogue/types';

/**
 * Writes the studio package's catalogue as versioned content (content/games/catalogue.json, which the
 * database seed reads: the db package may not import the studio) and the original SVG tile art of
 * every game and provider (apps/web/public/images/games/). Run after changing the catalogue:
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

/** The theme's emblem, drawn in simple shapes (original art). */
function emblem(theme: CatalogueGame['theme'], [a, b, c]: [string, string, string]): string {
  switch (theme) {
    case 'fruit':
      return `<circle cx="170" cy="150" r="34" fill="${a}"/><circle cx="230" cy="158" r="30" fill="${a}" opacity=".85"/><path d="M170 116 Q195 70 228 128" stroke="${c}" stroke-width="6" fill="none"/><path d="M196 86 q24 -20 44 -4 q-22 14 -44 4z" fill="#4ade80"/>`;
    case 'ocean':
      return `<path d="M120 170 q40 -60 110 -20 l40 -30 l-8 50 l8 50 l-40 -30 q-70 40 -110 -20z" fill="${a}"/><circle cx="152" cy="160" r="6" fill="${c}"/><path d="M60 230 q30 -16 60 0 t60 0 t60 0 t60 0 t60 0" stroke="${b}" stroke-width="6" fill="none"/>`;
    case 'wild animals':
      return `<circle cx="200" cy="160" r="54" fill="${a}"/><circle cx="160" cy="112" r="18" fill="${a}"/><circle cx="240" cy="112" r="18" fill="${a}"/><circle cx="182" cy="150" r="7" fill="${c}"/><circle cx="218" cy="150" r="7" fill="${c}"/><ellipse cx="200" cy="180" rx="16" ry="11" fill="${c}"/>`;
    case 'space':
      return `<circle cx="200" cy="150" r="46" fill="${a}"/><ellipse cx="200" cy="150" rx="86" ry="20" fill="none" stroke="${b}" stroke-width="7" transform="rotate(-18 200 150)"/><circle cx="300" cy="80" r="5" fill="#fff"/><circle cx="96" cy="96" r="3" fill="#fff"/><circle cx="320" cy="210" r="3" fill="#fff"/>`;
    case 'gems':
      return `<path d="M150 120 l30 -30 h40 l30 30 l-50 80z" fill="${a}"/><path d="M150 120 h100 l-50 80z" fill="${b}" opacity=".55"/><path d="M180 90 l20 30 l20 -30" stroke="#fff" stroke-width="3" fill="none" opacity=".7"/>`;
    case 'myths':
      return `<path d="M200 70 l22 48 l52 6 l-38 36 l10 52 l-46 -26 l-46 26 l10 -52 l-38 -36 l52 -6z" fill="${a}"/><path d="M196 120 l14 0 l-10 26 l14 0 l-22 36 l6 -28 l-12 0z" fill="${b}"/>`;
  }
}

export function gameSvg(game: CatalogueGame): string {
  const [a, b, c] = game.palette;
  const rand = seeded(game.slug);
  const sparkles = Array.from({ length: 7 }, () => {
    const x = Math.round(20 + rand() * 360);
    const y = Math.round(16 + rand() * 200);
    const r = (1.5 + rand() * 3).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${b}" opacity=".6"/>`;
  }).join('');
  const angle = Math.round(rand() * 360);
  const id = game.slug.replace(/[^a-z0-9]/g, '');
  const title = escapeXml(game.title);
  const badge = game.flags.jackpot ? `<rect x="292" y="14" width="94" height="26" rx="13" fill="${b}"/><text x="339" y="32" text-anchor="middle" font-family="system-ui,sans-serif" font-size="14" font-weight="700" fill="${c}">JACKPOT</text>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-label="${title}">
<defs><linearGradient id="g${id}" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
<rect width="400" height="300" rx="24" fill="url(#g${id})"/>
<circle cx="200" cy="150" r="110" fill="${c}" opacity=".35"/>
${sparkles}
${emblem(game.theme, game.palette)}
${badge}
<rect x="0" y="236" width="400" height="64" fill="${c}" opacity=".72"/>
<text x="200" y="276" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${title.length > 20 ? 22 : 26}" font-weight="800" fill="#fff">${title}</text>
</svg>
`;
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
  for (const game of CATALOGUE) files.set(`apps/web/public/images/games/${game.slug}.svg`, gameSvg(game));
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
