import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /img/', () => {
  let t: TestApp;
  let publicDir: string;
  let outside: string;
  beforeAll(async () => {
    publicDir = mkdtempSync(path.join(tmpdir(), 'sweepstack-public-'));
    outside = mkdtempSync(path.join(tmpdir(), 'sweepstack-outside-'));
    mkdirSync(path.join(publicDir, 'images'), { recursive: true });
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    writeFileSync(path.join(publicDir, 'images/hero.png'), png);
    writeFileSync(path.join(publicDir, 'images/small.png'), await sharp({ create: { width: 100, height: 50, channels: 4, background: '#00aa33' } }).png().toBuffer());
    writeFileSync(path.join(publicDir, 'images/broken.png'), 'not a png at all');
    writeFileSync(path.join(outside, 'secret.png'), png);
    symlinkSync(path.join(outside, 'secret.png'), path.join(publicDir, 'images/escape.png'));
    writeFileSync(path.join(publicDir, '.hidden.png'), png);
    t = await createTestApp('sqlite', { env: { WEB_PUBLIC_DIR: publicDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(publicDir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('converts a PNG to WebP at width × density, then serves it from the disk cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/?src=/images/hero.png&w=768&dpr=2&q=75' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-image-cache']).toBe('miss');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1536);
    expect(meta.height).toBe(768);
    expect(readdirSync(path.join(t.dataDir, 'image-cache')).filter((f) => f.endsWith('.webp'))).toHaveLength(1);

    const hit = await t.app.inject({ method: 'GET', url: '/img/?src=/images/hero.png&w=768&dpr=2&q=75' });
    expect(hit.headers['x-image-cache']).toBe('hit');
    expect(hit.headers.etag).toBe(res.headers.etag);
    expect(Buffer.compare(hit.rawPayload, res.rawPayload)).toBe(0);
    const notModified = await t.app.inject({ method: 'GET', url: '/img/?src=/images/hero.png&w=768&dpr=2&q=75', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
  });

  it('defaults to density 1 and quality 75, and never enlarges', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/?src=/images/hero.png&w=320' });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
    const small = await t.app.inject({ method: 'GET', url: '/img/?src=/images/small.png&w=1536&dpr=2' });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(100);
  });

  it('refuses bad parameters with 400 VALIDATION_FAILED', async () => {
    for (const query of [
      'src=/images/hero.png',
      'src=/images/hero.png&w=500',
      'src=/images/hero.png&w=768&dpr=3',
      'src=/images/hero.png&w=768&q=0',
      'src=/images/hero.png&w=768&q=101',
      'src=/images/hero.png&w=abc',
      'src=/images/hero.png&w=768&format=png',
      'src=https://evil.example/x.png&w=768',
      'src=//evil.example/x.png&w=768',
      'src=images/hero.png&w=768',
      'src=/images/hero.txt&w=768',
      'src=/images/he%20ro.png&w=768',
      `src=/${'a'.repeat(600)}.png&w=768`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/img/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('refuses path traversal, symbolic links out of the folder and hidden files; 404 for missing files', async () => {
    for (const src of ['/images/../../etc/passwd.png', '/../outside.png', '/images/./hero.png', '/images//hero.png', '/images/escape.png', '/.hidden.png', '/images/missing.png', '/images']) {
      const res = await t.app.inject({ method: 'GET', url: `/img/?src=${encodeURIComponent(src)}&w=320` });
      expect(res.statusCode, src).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, src).toBeLessThan(500);
      if (res.statusCode === 404) expect(res.json()).toMatchObject({ error: { code: 'IMAGE_NOT_FOUND' } });
    }
    const escape = await t.app.inject({ method: 'GET', url: '/img/?src=/images/escape.png&w=320' });
    expect(escape.statusCode).toBe(404);
  });

  it('answers 422 IMAGE_UNREADABLE for a file that is not an image, and caches nothing for it', async () => {
    const before = readdirSync(path.join(t.dataDir, 'image-cache')).length;
    const res = await t.app.inject({ method: 'GET', url: '/img/?src=/images/broken.png&w=320' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { code: 'IMAGE_UNREADABLE' } });
    expect(readdirSync(path.join(t.dataDir, 'image-cache')).length).toBe(before);
  });
});
