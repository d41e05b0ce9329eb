import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CATALOGUE } from '@sweepstack/games/catalogue/games';
import type { CatalogueGame } from '@sweepstack/games/catalogue/types';
import { SYMBOL_ICONS, TILE_HEROES, type IconSpec } from './icons';

/**
 * The game art: every symbol of every game as its own SVG file (a Fluent Emoji illustration in a frame,
 * gradient and glow of the game's own), a motion-blurred twin of each for the spinning reels (the blur is
 * rasterised once by the image cache instead of filtered every frame), and each game's tile scene.
 * Files, not JavaScript: the game client's bundle carries none of it. Deterministic (a test compares).
 */

interface IconSet {
  icons: Record<string, { body: string }>;
  aliases?: Record<string, { parent: string }>;
}

const require = createRequire(import.meta.url);
let iconSet: IconSet | null = null;
function icons(): IconSet {
  iconSet ??= JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji/icons.json'), 'utf8')) as IconSet;
  return iconSet;
}

/** The illustration's SVG body (32×32 units) with its ids made unique by `prefix`. */
function iconBody(name: string, prefix: string): string {
  const set = icons();
  const body = set.icons[name]?.body ?? set.icons[set.aliases?.[name]?.parent ?? '']?.body;
  if (!body) throw new Error(`no Fluent Emoji illustration named ${name}`);
  return body.replace(/id="([^"]+)"/g, `id="${prefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`).replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const f = (c: number) => Math.max(0, Math.min(255, Math.round(amount > 0 ? c + (255 - c) * amount : c * (1 + amount))));
  const [r, g, b] = hexRgb(hex).map(f) as [number, number, number];
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

function recolourFilter(spec: IconSpec, id: string): string {
  const parts: string[] = [];
  if (spec.tint) {
    const [r, g, b] = hexRgb(spec.tint).map((c) => (c / 255).toFixed(3));
    // Luminance times the tint colour, keeping alpha: the illustration's shading in one colour.
    parts.push(`<feColorMatrix type="matrix" values="${[r, g, b].map((c) => `${(0.3 * Number(c)).toFixed(3)} ${(0.59 * Number(c)).toFixed(3)} ${(0.11 * Number(c)).toFixed(3)} 0 ${(0.25 * Number(c)).toFixed(3)}`).join(' ')} 0 0 0 1 0"/>`);
  }
  if (spec.saturate !== undefined) parts.push(`<feColorMatrix type="saturate" values="${spec.saturate}"/>`);
  if (spec.hue) parts.push(`<feColorMatrix type="hueRotate" values="${spec.hue}"/>`);
  if (parts.length === 0) return '';
  return `<filter id="${id}" color-interpolation-filters="sRGB">${parts.join('')}</filter>`;
}

/** An illustration placed in a box of `size` at (x, y), recoloured as its spec says. */
function placeIcon(spec: IconSpec, x: number, y: number, size: number, prefix: string, extraFilter?: string): string {
  const filter = recolourFilter(spec, `${prefix}f`);
  const filterAttribute = filter ? ` filter="url(#${prefix}f)"` : '';
  const inner = `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 32 32" overflow="visible"><g${filterAttribute}>${iconBody(spec.icon, prefix)}</g></svg>`;
  return `${filter ? `<defs>${filter}</defs>` : ''}${extraFilter ? `<g filter="url(#${extraFilter})">${inner}</g>` : inner}`;
}

/** The symbol's illustration (a wild's "×n" is drawn on its ribbon, the illustration is the wild's). */
export function symbolIcon(name: string): IconSpec | undefined {
  return SYMBOL_ICONS[name] ?? SYMBOL_ICONS[name.replace(/ ×\d+$/, '')];
}

/** Frame outlines in a 120×120 box; each game draws its symbols in its own. */
const FRAMES = [
  'M30 8h60a22 22 0 0 1 22 22v60a22 22 0 0 1-22 22H30A22 22 0 0 1 8 90V30A22 22 0 0 1 30 8z', // rounded square
  'M60 6a54 54 0 1 1-.1 0z', // disc
  'M60 5l48 27.5v55L60 115 12 87.5v-55z', // hexagon
  'M60 6l46 16v34c0 30-20 50-46 58C34 106 14 86 14 56V22z', // shield
  'M38 6h44l32 32v44l-32 32H38L6 82V38z', // octagon
  'M10 112V56a50 50 0 0 1 100 0v56z', // arch
];

function gameIndex(game: CatalogueGame): number {
  return Math.max(0, CATALOGUE.findIndex((g) => g.slug === game.slug));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const FONT = 'font-family="system-ui,Segoe UI,Roboto,Helvetica,Arial,sans-serif" font-weight="900"';

function ribbon(text: string, fill: string, edge: string): string {
  return `<path d="M14 92h92l-6 9 6 9H14l6-9z" fill="${fill}" stroke="${edge}" stroke-width="2.5" stroke-linejoin="round"/><text x="60" y="106" text-anchor="middle" ${FONT} font-size="${text.length > 7 ? 13 : 16}" fill="#fff" stroke="${edge}" stroke-width="1" paint-order="stroke" letter-spacing="1">${escapeXml(text)}</text>`;
}

function rays(count: number, fill: string, opacity: number, inner: number, outer: number, width: number): string {
  return Array.from({ length: count }, (_, i) => {
    const a = (Math.PI * 2 * i) / count;
    const b = a + width;
    const p = (angle: number, r: number) => `${(60 + r * Math.sin(angle)).toFixed(1)} ${(60 - r * Math.cos(angle)).toFixed(1)}`;
    return `M${p(a, inner)}L${p(a, outer)}L${p(b, outer)}L${p(b, inner)}z`;
  }).reduce((d, seg) => d + seg, `<path fill="${fill}" opacity="${opacity}" d="`) + '"/>';
}

function seven(fill: string, edge: string, id: string): string {
  return `<defs><linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(fill, 0.45)}"/><stop offset=".55" stop-color="${fill}"/><stop offset="1" stop-color="${shade(fill, -0.45)}"/></linearGradient></defs><text x="60" y="100" text-anchor="middle" ${FONT} font-style="italic" font-size="104" fill="url(#${id}s)" stroke="${edge}" stroke-width="4" paint-order="stroke">7</text>`;
}

function bars(count: number, fill: string, edge: string, id: string): string {
  const height = 22;
  const top = 60 - (count * (height + 6)) / 2 + 3;
  const defs = `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(fill, 0.5)}"/><stop offset=".5" stop-color="${fill}"/><stop offset="1" stop-color="${shade(fill, -0.5)}"/></linearGradient></defs>`;
  return (
    defs +
    Array.from({ length: count }, (_, i) => {
      const y = top + i * (height + 6);
      return `<rect x="14" y="${y}" width="92" height="${height}" rx="5" fill="url(#${id}b)" stroke="${edge}" stroke-width="2.5"/><text x="60" y="${y + 17}" text-anchor="middle" ${FONT} font-size="16" fill="#fff" stroke="${edge}" stroke-width="1" paint-order="stroke" letter-spacing="2">BAR</text>`;
    }).join('')
  );
}

/** One symbol of one game as a standalone SVG (120×120); `blur`: its motion-blurred twin. */
export function symbolSvg(game: CatalogueGame, symbol: { id: string; name: string; kind: string }, blur = false): string {
  const [a, b, c] = game.palette;
  const index = gameIndex(game);
  const frame = FRAMES[index % FRAMES.length]!;
  const id = symbol.id.toLowerCase();
  const gold = '#f8d25c';
  let defs = `<radialGradient id="bg" cx="50%" cy="38%" r="70%"><stop offset="0" stop-color="${shade(a, 0.25)}"/><stop offset="1" stop-color="${shade(c, -0.35)}"/></radialGradient><linearGradient id="rim" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(gold, 0.55)}"/><stop offset=".5" stop-color="${gold}"/><stop offset="1" stop-color="${shade(gold, -0.5)}"/></linearGradient><radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset=".45" stop-color="${shade(b, 0.3)}" stop-opacity=".55"/><stop offset="1" stop-color="${b}" stop-opacity="0"/></radialGradient><filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="2.5" stdDeviation="2" flood-color="#000" flood-opacity=".45"/></filter>`;
  let body: string;
  const edge = shade(c, -0.6);
  const numberOf = (s: string) => Number(/×(\d+)/.exec(s)?.[1] ?? 0);
  if (symbol.id === '7R' || symbol.id === '7B') {
    body = `<circle cx="60" cy="60" r="50" fill="url(#glow)" opacity=".55"/>${seven(symbol.id === '7R' ? '#e0282e' : '#2f6fe4', edge, id)}`;
  } else if (/^B[123]$/.test(symbol.id)) {
    body = bars(Number(symbol.id.slice(1)), c, edge, id);
  } else if (symbol.kind === 'wild') {
    const spec = symbolIcon(symbol.name);
    const multiplier = numberOf(symbol.name);
    defs += `<radialGradient id="burst"><stop offset="0" stop-color="#fff7c2"/><stop offset=".6" stop-color="${gold}"/><stop offset="1" stop-color="${shade(b, -0.2)}"/></radialGradient>`;
    const star = Array.from({ length: 24 }, (_, i) => {
      const r = i % 2 === 0 ? 57 : 42;
      const t = (Math.PI * i) / 12;
      return `${(60 + r * Math.sin(t)).toFixed(1)},${(56 - r * Math.cos(t)).toFixed(1)}`;
    }).join(' ');
    body = `<polygon points="${star}" fill="url(#burst)" stroke="${shade(gold, -0.55)}" stroke-width="2.5"/><circle cx="60" cy="54" r="34" fill="${shade(a, -0.25)}" stroke="${shade(gold, 0.4)}" stroke-width="3"/>${spec ? placeIcon(spec, 28, 20, 64, `${id}i`, 'shadow') : ''}${ribbon(multiplier ? `WILD ×${multiplier}` : 'WILD', '#c2185b', '#4a0726')}`;
  } else if (symbol.kind === 'scatter') {
    const spec = symbolIcon(symbol.name);
    body = `${rays(16, shade(b, 0.5), 0.75, 26, 60, 0.17)}<circle cx="60" cy="56" r="40" fill="url(#glow)"/><circle cx="60" cy="56" r="33" fill="${shade(c, -0.3)}" stroke="#fff" stroke-width="3"/>${spec ? placeIcon(spec, 28, 24, 64, `${id}i`, 'shadow') : ''}${ribbon('BONUS', '#6d28d9', '#230b4f')}`;
  } else if (symbol.kind === 'money') {
    const spec = symbolIcon(symbol.name);
    body = `<circle cx="60" cy="60" r="54" fill="url(#glow)" opacity=".8"/><circle cx="60" cy="60" r="46" fill="${shade(c, -0.45)}" stroke="url(#rim)" stroke-width="6"/><circle cx="60" cy="60" r="38" fill="none" stroke="${shade(gold, 0.3)}" stroke-width="1.5" stroke-dasharray="3 4"/>${spec ? placeIcon(spec, 24, 18, 72, `${id}i`, 'shadow') : ''}`;
  } else {
    const spec = symbolIcon(symbol.name);
    const high = /^H\d$/.test(symbol.id) || symbol.kind === 'regular' && !/^L\d$/.test(symbol.id);
    if (high) {
      body = `<path d="${frame}" fill="url(#bg)" stroke="url(#rim)" stroke-width="6" stroke-linejoin="round"/><path d="${frame}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5" transform="translate(60 60) scale(.86) translate(-60 -60)"/><ellipse cx="60" cy="40" rx="34" ry="18" fill="#fff" opacity=".12"/>${spec ? placeIcon(spec, 16, 14, 88, `${id}i`, 'shadow') : ''}`;
    } else {
      body = `<path d="${frame}" fill="${shade(c, -0.25)}" fill-opacity=".55" stroke="${shade(b, 0.1)}" stroke-opacity=".7" stroke-width="3" stroke-linejoin="round" transform="translate(60 60) scale(.9) translate(-60 -60)"/>${spec ? placeIcon(spec, 22, 22, 76, `${id}i`, 'shadow') : ''}`;
    }
  }
  const motion = blur ? `<filter id="motion" x="-5%" y="-30%" width="110%" height="160%"><feGaussianBlur stdDeviation="0 7"/></filter>` : '';
  const content = blur ? `<g filter="url(#motion)" opacity=".85">${body}</g>` : body;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><defs>${defs}${motion}</defs>${content}</svg>\n`;
}

/** A tiny deterministic generator so that each tile's scene is stable across runs. */
function seeded(text: string): () => number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

/** The theme's backdrop (400×400): water, sky, vault… in the game's colours. */
function scene(game: CatalogueGame, rand: () => number): string {
  const [a, b, c] = game.palette;
  const dots = (n: number, fill: string, maxR: number, yMax = 400) =>
    Array.from({ length: n }, () => `<circle cx="${Math.round(rand() * 400)}" cy="${Math.round(rand() * yMax)}" r="${(0.8 + rand() * maxR).toFixed(1)}" fill="${fill}" opacity="${(0.35 + rand() * 0.55).toFixed(2)}"/>`).join('');
  switch (game.theme) {
    case 'ocean':
      return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(a, 0.15)}"/><stop offset="1" stop-color="${shade(c, -0.4)}"/></linearGradient></defs><rect width="400" height="400" fill="url(#sky)"/><path d="M60 0h50l-60 400H0zM190 0h40l20 400h-90zM320 0h50l30 400h-40z" fill="#fff" opacity=".08"/>${Array.from({ length: 14 }, () => `<circle cx="${Math.round(rand() * 400)}" cy="${Math.round(rand() * 330)}" r="${(2 + rand() * 7).toFixed(1)}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="1.5"/>`).join('')}<path d="M0 330q50-30 100 0t100 0 100 0 100 0v70H0z" fill="${shade(b, -0.35)}" opacity=".85"/><path d="M0 356q50-22 100 0t100 0 100 0 100 0v44H0z" fill="${shade(c, -0.2)}"/>`;
    case 'space':
      return `<defs><radialGradient id="sky" cx="30%" cy="30%" r="90%"><stop offset="0" stop-color="${shade(a, -0.2)}"/><stop offset=".55" stop-color="${shade(c, -0.2)}"/><stop offset="1" stop-color="#05040d"/></radialGradient><radialGradient id="neb"><stop offset="0" stop-color="${b}" stop-opacity=".55"/><stop offset="1" stop-color="${b}" stop-opacity="0"/></radialGradient></defs><rect width="400" height="400" fill="url(#sky)"/><ellipse cx="${Math.round(80 + rand() * 240)}" cy="${Math.round(60 + rand() * 100)}" rx="190" ry="90" fill="url(#neb)" transform="rotate(-20 200 200)"/>${dots(60, '#fff', 1.8)}`;
    case 'myths':
      return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(c, -0.3)}"/><stop offset="1" stop-color="${shade(a, -0.1)}"/></linearGradient></defs><rect width="400" height="400" fill="url(#sky)"/><g fill="${shade(a, 0.35)}" opacity=".35"><ellipse cx="80" cy="70" rx="110" ry="34"/><ellipse cx="320" cy="50" rx="120" ry="30"/></g><path d="M300 20l-30 70h24l-28 64 60-84h-26l24-50z" fill="${b}" opacity=".75"/><path d="M0 400V300l60-70 50 50 70-96 80 110 50-40 90 90v56z" fill="${shade(c, -0.45)}"/><path d="M150 218l30-34 22 30-18-6z" fill="#fff" opacity=".55"/>`;
    case 'wild animals':
      return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(c, -0.2)}"/><stop offset=".65" stop-color="${shade(a, 0.1)}"/><stop offset="1" stop-color="${shade(b, 0.2)}"/></linearGradient></defs><rect width="400" height="400" fill="url(#sky)"/><circle cx="${Math.round(80 + rand() * 240)}" cy="250" r="86" fill="${shade(b, 0.45)}" opacity=".7"/><path d="M0 300q100-50 200-10t200-20v130H0z" fill="${shade(c, -0.3)}"/><path d="M0 340q120-30 220 0t180-10v70H0z" fill="${shade(c, -0.55)}"/>`;
    case 'gems':
      return `<defs><radialGradient id="sky" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="${shade(a, 0.1)}"/><stop offset=".6" stop-color="${shade(c, -0.2)}"/><stop offset="1" stop-color="#050507"/></radialGradient></defs><rect width="400" height="400" fill="url(#sky)"/>${Array.from({ length: 12 }, (_, i) => `<path d="M200 190L${(200 + 400 * Math.sin((i * Math.PI) / 6)).toFixed(0)} ${(190 - 400 * Math.cos((i * Math.PI) / 6)).toFixed(0)}L${(200 + 400 * Math.sin((i * Math.PI) / 6 + 0.18)).toFixed(0)} ${(190 - 400 * Math.cos((i * Math.PI) / 6 + 0.18)).toFixed(0)}z" fill="${b}" opacity=".12"/>`).join('')}${dots(24, '#fff', 2.2)}`;
    case 'fruit':
      return `<defs><radialGradient id="sky" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="${shade(b, 0.35)}"/><stop offset=".7" stop-color="${a}"/><stop offset="1" stop-color="${shade(a, -0.45)}"/></radialGradient></defs><rect width="400" height="400" fill="url(#sky)"/>${Array.from({ length: 16 }, (_, i) => `<path d="M200 200L${(200 + 400 * Math.sin((i * Math.PI) / 8)).toFixed(0)} ${(200 - 400 * Math.cos((i * Math.PI) / 8)).toFixed(0)}L${(200 + 400 * Math.sin((i * Math.PI) / 8 + 0.2)).toFixed(0)} ${(200 - 400 * Math.cos((i * Math.PI) / 8 + 0.2)).toFixed(0)}z" fill="#fff" opacity=".14"/>`).join('')}${dots(18, c, 4)}`;
  }
}

/**
 * A game's tile (400×400): its theme's scene, its own hero illustration (no two tiles share one) with
 * companions, a glow and ground shadows (gradients, not filters: a lobby rasterises two dozen tiles). No title and
 * no badge: the lobby prints the title under the tile and the JACKPOT badge over it, in the page's language and at
 * a size that stays readable on a phone.
 */
export function tileSvg(game: CatalogueGame): string {
  const rand = seeded(game.slug);
  const [, b] = game.palette;
  const heroes = TILE_HEROES[game.slug];
  if (!heroes) throw new Error(`no tile hero for ${game.slug}`);
  const [left, right] = heroes.companions;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(game.title)}">
${scene(game, rand)}
<defs><radialGradient id="halo"><stop offset="0" stop-color="#fff" stop-opacity=".85"/><stop offset=".35" stop-color="${shade(b, 0.3)}" stop-opacity=".6"/><stop offset="1" stop-color="${b}" stop-opacity="0"/></radialGradient><radialGradient id="ground"><stop offset="0" stop-color="#000" stop-opacity=".5"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
<circle cx="200" cy="196" r="150" fill="url(#halo)"/>
<ellipse cx="90" cy="340" rx="60" ry="12" fill="url(#ground)"/><ellipse cx="310" cy="340" rx="60" ry="12" fill="url(#ground)"/><ellipse cx="200" cy="300" rx="105" ry="18" fill="url(#ground)"/>
${left ? placeIcon(left, 26, 218, 128, 'l') : ''}
${right ? placeIcon(right, 246, 218, 128, 'r') : ''}
${placeIcon(heroes.hero, 84, 70, 232, 'h')}
</svg>
`;
}

/** Every game's symbol files: path relative to the web's public folder → content. */
export function symbolFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const game of CATALOGUE) {
    for (const symbol of game.config.symbols) {
      if (symbol.kind === 'blank') continue;
      files.set(`images/games/symbols/${game.slug}/${symbol.id}.svg`, symbolSvg(game, symbol));
      files.set(`images/games/symbols/${game.slug}/${symbol.id}-blur.svg`, symbolSvg(game, symbol, true));
    }
  }
  return files;
}
