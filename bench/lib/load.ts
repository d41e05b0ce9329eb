import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against a URL after a warm-up, so the JIT is warm when the figure is taken. */
export async function measure(url: string, options: { connections: number; seconds: number; headers?: Record<string, string>; warmupSeconds?: number }): Promise<LoadResult> {
  const base = { url, connections: options.connections, headers: options.headers ?? {}, pipelining: 1 };
  await autocannon({ ...base, duration: options.warmupSeconds ?? 2 });
  const result = await autocannon({ ...base, duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function format(result: LoadResult): string {
  return `${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms${result.errors || result.non2xx ? ` (errors ${result.errors}, non-2xx ${result.non2xx})` : ''}`;
}

/** True when this module is the script node was started with (so a bench file runs alone too). */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && metaUrl === new URL(`file://${entry}`).href;
}
