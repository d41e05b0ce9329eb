import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { closeWith, openStream } from './appendable-compression';

const page = Buffer.from(`<!DOCTYPE html><html><body>${'<div class="tile">Game</div>'.repeat(3000)}`);

describe('appendable compression', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    const decode = (data: Buffer) => (encoding === 'br' ? brotliDecompressSync(data) : gunzipSync(data));
    it(`${encoding}: the shared part and each end read back as one stream`, () => {
      const open = openStream(encoding, page);
      expect(open.open.length).toBeLessThan(page.length / 10);
      for (const end of ['<script id="player-data">{"a":1}</script></body></html>', '', 'é€😀 ends in UTF-8']) {
        const whole = closeWith(open, Buffer.from(end));
        expect(decode(whole).equals(Buffer.concat([page, Buffer.from(end)]))).toBe(true);
      }
    });
    it(`${encoding}: an end longer than one stored block`, () => {
      const end = randomBytes(150_000);
      expect(decode(closeWith(openStream(encoding, page), end)).equals(Buffer.concat([page, end]))).toBe(true);
    });
  }
});
