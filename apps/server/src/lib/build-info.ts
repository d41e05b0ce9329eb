import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web build's server bundle: its hash identifies the build the server runs. */
export const WEB_SERVER_BUNDLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/build/server/index.js');

export interface BuildInfo {
  id: string;
  timestampMs: number;
}

/**
 * Computed once at boot: BUILD_ID when set (timestamp = boot), else the first 16 hex digits of the
 * SHA-256 of the server bundle (timestamp = its modification time), else `dev` when there is no build.
 */
export function computeBuildInfo(options: { buildId?: string | undefined; bundlePath?: string; nowMs: number }): BuildInfo {
  if (options.buildId) return { id: options.buildId, timestampMs: options.nowMs };
  const bundle = options.bundlePath ?? WEB_SERVER_BUNDLE;
  if (!existsSync(bundle)) return { id: 'dev', timestampMs: options.nowMs };
  const id = createHash('sha256').update(readFileSync(bundle)).digest('hex').slice(0, 16);
  return { id, timestampMs: Math.floor(statSync(bundle).mtimeMs) };
}
