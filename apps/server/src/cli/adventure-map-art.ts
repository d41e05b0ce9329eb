import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes the adventure map's stop illustrations (apps/web/public/images/adventure-map/*.svg) from the
 * Fluent Emoji set (Microsoft, MIT; licence in apps/web/public/images/games/LICENSE-fluent-emoji.txt),
 * the set the game art uses. Run: `node --import tsx apps/server/src/cli/adventure-map-art.ts`.
 */
const ICONS = ['sailboat', 'desert-island', 'palm-tree', 'camping', 'national-park', 'snow-capped-mountain', 'volcano', 'classical-building', 'castle', 'wrapped-gift', 'compass'];

const require = createRequire(import.meta.url);
const set = require('@iconify-json/fluent-emoji/icons.json') as { width?: number; height?: number; icons: Record<string, { body: string; width?: number; height?: number }> };
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public/images/adventure-map');
mkdirSync(out, { recursive: true });
for (const name of ICONS) {
  const icon = set.icons[name];
  if (!icon) throw new Error(`no Fluent Emoji icon ${name}`);
  const width = icon.width ?? set.width ?? 32;
  const height = icon.height ?? set.height ?? 32;
  writeFileSync(path.join(out, `${name}.svg`), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${icon.body}</svg>\n`);
}
console.info(`wrote ${ICONS.length} illustrations to ${path.relative(process.cwd(), out)}`);
