import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSet, imageUrl, isOptimizable, TILE_RENDITION_WIDTHS, tileRendition } from './image-src';

const games = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/images/games');

describe('image URLs', () => {
  it('goes through /img/ with width, density and quality 75', () => {
    expect(imageUrl('/images/a.png', 768, 2)).toBe('/img/?src=%2Fimages%2Fa.png&w=768&dpr=2&q=75');
  });

  it('lists every breakpoint width for fluid images', () => {
    const set = imageSrcSet('/images/hero.png');
    expect(IMAGE_WIDTHS).toEqual([320, 576, 768, 1024, 1280, 1400, 1536]);
    for (const w of IMAGE_WIDTHS) expect(set).toContain(`w=${w}&dpr=1&q=75 ${w}w`);
  });

  it('gives fixed-size images 1x and 2x', () => {
    expect(imageSrcSet('/i.png', 24)).toBe('/img/?src=%2Fi.png&w=320&dpr=1&q=75 1x, /img/?src=%2Fi.png&w=320&dpr=2&q=75 2x');
    expect(imageSrcSet('/i.png', 600)).toContain('w=768&dpr=2');
  });

  it('only optimizes local paths', () => {
    expect(isOptimizable('/images/a.png')).toBe(true);
    expect(isOptimizable('https://cdn.test/a.png')).toBe(false);
    expect(isOptimizable('//cdn.test/a.png')).toBe(false);
    expect(isOptimizable('data:image/png;base64,xx')).toBe(false);
    expect(isOptimizable('/icons/menu/lobby.svg')).toBe(false);
  });
});

describe('game tile renditions', () => {
  it('shows a tile as its WebP renditions, 1x and 2x, and leaves other images alone', () => {
    expect(tileRendition('/images/games/emerald-vault.svg')).toEqual({
      src: '/images/games/tiles/emerald-vault-240.webp',
      srcSet: '/images/games/tiles/emerald-vault-240.webp 1x, /images/games/tiles/emerald-vault-480.webp 2x',
    });
    // A small picture of the game (last winners, 40 px): the small file covers 2x.
    expect(tileRendition('/images/games/emerald-vault.svg', 40)?.srcSet).toBe('/images/games/tiles/emerald-vault-240.webp 1x');
    expect(tileRendition('/images/games/providers/nova.svg')).toBeNull();
    expect(tileRendition('/images/games/symbols/emerald-vault/A.svg')).toBeNull();
    expect(tileRendition('/images/banners/a.png')).toBeNull();
  });

  it('every tile has its renditions, made from the tile as it is now (run apps/server/src/cli/games-content.ts)', () => {
    const tiles = readdirSync(games).filter((file) => file.endsWith('.svg'));
    expect(tiles.length).toBeGreaterThan(10);
    const made = JSON.parse(readFileSync(path.join(games, 'tiles', 'renditions.json'), 'utf8')) as Record<string, string>;
    for (const tile of tiles) {
      const slug = tile.replace(/\.svg$/, '');
      expect(made[slug], `${slug}: renditions made from another version of the tile`).toBe(createHash('sha256').update(readFileSync(path.join(games, tile), 'utf8')).digest('hex').slice(0, 16));
      for (const width of TILE_RENDITION_WIDTHS) expect(existsSync(path.join(games, 'tiles', `${slug}-${width}.webp`)), `${slug}-${width}.webp`).toBe(true);
    }
  });
});
