import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSet, imageUrl, isOptimizable } from './image-src';

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
