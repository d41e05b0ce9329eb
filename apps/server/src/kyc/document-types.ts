/** The document kinds we accept, recognised by their first bytes (never by name or declared type). */
export interface DocumentKind {
  contentType: 'application/pdf' | 'image/gif' | 'image/jpeg' | 'image/png';
  extension: 'pdf' | 'gif' | 'jpg' | 'png';
}

export const MAX_DOCUMENT_BYTES = 15 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The kind of a document from its content, or undefined when it is none of PDF, GIF, JPEG, PNG. */
export function detectDocumentKind(bytes: Uint8Array): DocumentKind | undefined {
  // %PDF-
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extension: 'pdf' };
  // \x89PNG\r\n\x1a\n
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  // GIF87a / GIF89a
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return { contentType: 'image/gif', extension: 'gif' };
  // JPEG: SOI then a marker
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  return undefined;
}

/**
 * Markup a browser would run if it ever took a document for a page: an image or PDF carrying it is
 * a polyglot, not a scan of an ID. Compared in lower case.
 */
const ACTIVE_MARKUP = ['<script', '<html', '<!doctype html', '<iframe', '<object', '<embed', '<svg', '<body', 'javascript:'].map((m) => Buffer.from(m, 'latin1'));
/**
 * PDF names that run or launch something, or carry other files (from the pdfid triage tool's list):
 * JavaScript, launch actions, embedded files, rich media, XFA forms. (/OpenAction and /AA only say
 * when an action runs; what they could run is one of these.)
 */
const ACTIVE_PDF_NAMES = new Set(['/js', '/javascript', '/launch', '/embeddedfile', '/embeddedfiles', '/richmedia', '/xfa']);
/** What inflating one PDF stream (not an image) may produce, and all of them together: a bound on zip bombs. */
const MAX_INFLATED_STREAM_BYTES = 4 * 1024 * 1024;
const MAX_INFLATED_TOTAL_BYTES = 32 * 1024 * 1024;
/** Pixels an image may have (a 12,000 × 8,000 scan); more is refused before it is decoded. */
const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * Re-checks a document by its whole content, not only its first bytes: an image must decode as the
 * kind its header claims; no document may carry HTML or script; a PDF may not carry JavaScript,
 * actions, launches or embedded files (in plain objects or in compressed streams). True when safe.
 */
export async function documentContentIsSafe(bytes: Buffer, kind: DocumentKind): Promise<boolean> {
  if (containsActiveMarkup(bytes)) return false;
  if (kind.contentType === 'application/pdf') return pdfIsInert(bytes);
  const { default: sharp } = await import('sharp');
  try {
    // Decoding every pixel (off the main thread, in libvips) proves the whole file is the image.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, animated: kind.contentType === 'image/gif' });
    const metadata = await image.metadata();
    const format = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif' }[kind.contentType];
    if (metadata.format !== format) return false;
    await image.raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

function containsActiveMarkup(bytes: Buffer): boolean {
  const lower = Buffer.from(bytes);
  for (let i = 0; i < lower.length; i++) {
    const b = lower[i]!;
    if (b >= 0x41 && b <= 0x5a) lower[i] = b + 0x20;
  }
  return ACTIVE_MARKUP.some((marker) => lower.includes(marker));
}

async function pdfIsInert(bytes: Buffer): Promise<boolean> {
  const text = bytes.toString('latin1');
  if (hasActivePdfName(text)) return false;
  // Objects may hide in compressed streams (object streams of PDF 1.5): inflate and look there too.
  const { inflateSync } = await import('node:zlib');
  let inflatedTotal = 0;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end === -1) break;
    // Image data (a scan's pages) is pixels, not objects: it may inflate to tens of megabytes.
    const dictionary = text.slice(Math.max(0, match.index - 1024), match.index);
    if (/\/Subtype\s*\/Image\b/.test(dictionary.slice(dictionary.lastIndexOf(' obj') + 1))) {
      streams.lastIndex = end;
      continue;
    }
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: MAX_INFLATED_STREAM_BYTES });
    } catch (error) {
      // Not deflate data (images, fonts, other filters): nothing to read. Over the bound: refused.
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return false;
      streams.lastIndex = end;
      continue;
    }
    inflatedTotal += inflated.length;
    if (inflatedTotal > MAX_INFLATED_TOTAL_BYTES) return false;
    if (containsActiveMarkup(inflated) || hasActivePdfName(inflated.toString('latin1'))) return false;
    streams.lastIndex = end;
  }
  return true;
}

/** True when a PDF name of ACTIVE_PDF_NAMES appears, also spelled with #xx escapes (/J#61vaScript). */
function hasActivePdfName(text: string): boolean {
  const names = /\/[^\s/<>[\]()%{}]+/g;
  for (let match = names.exec(text); match; match = names.exec(text)) {
    const name = match[0].replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).toLowerCase();
    if (ACTIVE_PDF_NAMES.has(name)) return true;
  }
  return false;
}
