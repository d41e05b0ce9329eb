/** Spec §5: documents are PDF, GIF, JPG or PNG, at most 15 MB (15 × 1024 × 1024 bytes). */
export const MAX_DOCUMENT_BYTES = 15 * 1024 * 1024;
export const DOCUMENT_ACCEPT = '.pdf,.gif,.jpg,.jpeg,.png,application/pdf,image/gif,image/jpeg,image/png';

const TYPES = new Set(['application/pdf', 'image/gif', 'image/jpeg', 'image/png']);
const EXTENSIONS = /\.(pdf|gif|jpe?g|png)$/i;

/**
 * A quick check before uploading (the server decides from the file's first bytes): an empty or too
 * large file, or one whose type and name are both not one of the four kinds, is refused here.
 */
export function documentProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | null {
  if (file.size === 0) return 'type';
  if (file.size > MAX_DOCUMENT_BYTES) return 'size';
  if (!TYPES.has(file.type) && !EXTENSIONS.test(file.name)) return 'type';
  return null;
}
