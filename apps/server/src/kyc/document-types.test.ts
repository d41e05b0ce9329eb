import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectDocumentKind, documentContentIsSafe } from './document-types';
import { sampleDocuments } from './testing';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('detectDocumentKind', () => {
  it('recognises the four accepted kinds by their first bytes', () => {
    expect(detectDocumentKind(Buffer.from('%PDF-1.7\n'))?.extension).toBe('pdf');
    expect(detectDocumentKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.extension).toBe('png');
    expect(detectDocumentKind(Buffer.from('GIF87a..'))?.extension).toBe('gif');
    expect(detectDocumentKind(Buffer.from('GIF89a..'))?.extension).toBe('gif');
    expect(detectDocumentKind(bytes(0xff, 0xd8, 0xff, 0xe0))?.contentType).toBe('image/jpeg');
  });

  it('refuses everything else, including truncated signatures', () => {
    for (const sample of [Buffer.from('MZ\x90\x00'), Buffer.from('%PDF'), Buffer.from('GIF88a'), bytes(0x89, 0x50, 0x4e, 0x47), bytes(0xff, 0xd8), Buffer.from('<svg/>'), bytes()]) {
      expect(detectDocumentKind(sample)).toBeUndefined();
    }
  });
});

describe('documentContentIsSafe', () => {
  const check = (content: Buffer) => documentContentIsSafe(content, detectDocumentKind(content)!);
  const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');

  it('accepts real images and plain PDFs, and a scan whose image stream inflates to megabytes', async () => {
    const samples = await sampleDocuments();
    for (const [kind, content] of Object.entries(samples)) expect(await check(content), kind).toBe(true);
    const spaces = Buffer.alloc(15 * 1024 * 1024, 0x20);
    Buffer.from('%PDF-1.7\n').copy(spaces);
    expect(await check(spaces)).toBe(true);
    const pixels = deflateSync(Buffer.alloc(8 * 1024 * 1024, 0x7f));
    const scan = Buffer.concat([Buffer.from('%PDF-1.7\n4 0 obj << /Type /XObject /Subtype /Image /Filter /FlateDecode >>\nstream\n'), pixels, Buffer.from('\nendstream\nendobj\n%%EOF\n')]);
    expect(await check(scan)).toBe(true);
  });

  it('refuses an image header followed by HTML, an image with markup appended, and a truncated image', async () => {
    const samples = await sampleDocuments();
    const pngHeader = samples.png.subarray(0, 8);
    expect(await check(Buffer.concat([pngHeader, Buffer.from('<html><script>alert(1)</script></html>')]))).toBe(false);
    expect(await check(Buffer.concat([samples.png, Buffer.from('<SCRIPT>alert(1)</SCRIPT>')]))).toBe(false);
    expect(await check(Buffer.concat([samples.jpg.subarray(0, 3), Buffer.from('<svg onload=alert(1)>')]))).toBe(false);
    expect(await check(samples.png.subarray(0, samples.png.length - 20))).toBe(false);
    expect(await check(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]))).toBe(false);
  });

  it('refuses a PDF with JavaScript, spelled plainly, with #xx escapes or inside a compressed object stream, and one that launches or embeds a file', async () => {
    expect(await check(pdf('1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj'))).toBe(false);
    expect(await check(pdf('1 0 obj << /Type /Catalog /OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> >> endobj'))).toBe(false);
    expect(await check(pdf('1 0 obj << /S /Launch /F (cmd.exe) >> endobj'))).toBe(false);
    expect(await check(pdf('1 0 obj << /Type /EmbeddedFile >> endobj'))).toBe(false);
    const hidden = deflateSync(Buffer.from('2 0 << /S /JavaScript /JS (app.alert(1)) >>'));
    const objectStream = Buffer.concat([Buffer.from('%PDF-1.7\n5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>\nstream\n'), hidden, Buffer.from('\nendstream\nendobj\n%%EOF\n')]);
    expect(await check(objectStream)).toBe(false);
    // An inflating bomb in a stream that is not an image is refused rather than read.
    const bomb = Buffer.concat([Buffer.from('%PDF-1.7\n6 0 obj << /Filter /FlateDecode >>\nstream\n'), deflateSync(Buffer.alloc(64 * 1024 * 1024)), Buffer.from('\nendstream\nendobj\n%%EOF\n')]);
    expect(await check(bomb)).toBe(false);
  });
});
