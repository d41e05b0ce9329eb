import { createHash, randomBytes } from 'node:crypto';
import { mkdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '@sweepstack/contracts/errors';
import sharp from 'sharp';

/** The web app's public folder: the only place /img/ reads from. */
export const DEFAULT_PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

export interface ResizeRequest {
  publicDir: string;
  cacheDir: string;
  /** Site path of the source, e.g. /images/hero.png (already shape-checked by the route schema). */
  src: string;
  /** Output width in pixels (width × density). */
  widthPx: number;
  quality: number;
}

export interface ResizedImage {
  file: string;
  etag: string;
  cacheHit: boolean;
}

const inFlight = new Map<string, Promise<void>>();

/**
 * Resolves `src` inside `publicDir`, refusing anything that could leave it: `.`/`..`/empty or hidden
 * segments, and symbolic links pointing outside. Answers the real path of an existing file.
 */
export async function resolvePublicFile(publicDir: string, src: string): Promise<string> {
  const segments = src.split('/').slice(1);
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'))) throw new AppError('IMAGE_NOT_FOUND');
  let root: string;
  let real: string;
  try {
    root = await realpath(publicDir);
    real = await realpath(path.join(root, ...segments));
  } catch {
    throw new AppError('IMAGE_NOT_FOUND');
  }
  if (!real.startsWith(root + path.sep)) throw new AppError('IMAGE_NOT_FOUND');
  const info = await stat(real);
  if (!info.isFile()) throw new AppError('IMAGE_NOT_FOUND');
  return real;
}

/**
 * The WebP rendition of a public image at one width and quality, made once and kept on disk under
 * `cacheDir` (named by a hash of source path, size, modification time and options). Never enlarges.
 */
export async function resizedImage(request: ResizeRequest): Promise<ResizedImage> {
  const source = await resolvePublicFile(request.publicDir, request.src);
  const info = await stat(source);
  const key = createHash('sha256')
    .update(`${request.src}|${info.size}|${Math.floor(info.mtimeMs)}|${request.widthPx}|${request.quality}|webp`)
    .digest('hex')
    .slice(0, 40);
  const file = path.join(request.cacheDir, `${key}.webp`);
  const etag = `"${key}"`;
  try {
    await stat(file);
    return { file, etag, cacheHit: true };
  } catch {
    // not cached yet
  }
  // Keyed by the output file: two servers in one process (tests) may use different cache folders.
  let making = inFlight.get(file);
  if (!making) {
    making = makeRendition(source, file, request).finally(() => inFlight.delete(file));
    inFlight.set(file, making);
  }
  await making;
  return { file, etag, cacheHit: false };
}

async function makeRendition(source: string, file: string, request: ResizeRequest): Promise<void> {
  await mkdir(request.cacheDir, { recursive: true });
  // Written beside the final name and renamed, so a reader never sees half a file.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await sharp(source, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: request.widthPx, withoutEnlargement: true })
      .webp({ quality: request.quality })
      .toFile(temporary);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError('IMAGE_UNREADABLE');
  }
}
