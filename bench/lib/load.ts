import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const client = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-client.mjs');

/**
 * Runs autocannon against a URL from a separate process (the load generator must not share the
 * server's event loop), after a warm-up so the JIT is warm when the figure is taken.
 */
export async function measure(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; warmupSeconds?: number; method?: string; body?: string },
): Promise<LoadResult> {
  const args = JSON.stringify({ url, warmupSeconds: options.warmupSeconds ?? 2, ...options });
  const child = spawn(process.execPath, [client, args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as LoadResult;
}

/** The run with the median throughput (its own p99 with it). */
export function median(results: readonly LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('median of no results');
  return middle;
}

export function format(result: LoadResult): string {
  return `${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms${result.errors || result.non2xx ? ` (errors ${result.errors}, non-2xx ${result.non2xx})` : ''}`;
}

/** True when this module is the script node was started with (so a bench file runs alone too). */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && metaUrl === new URL(`file://${entry}`).href;
}
