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
