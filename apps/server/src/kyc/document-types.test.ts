import { describe, expect, it } from 'vitest';
import { detectDocumentKind } from './document-types';

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
