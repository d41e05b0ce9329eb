// The load generator, in a process of its own so that it does not share the server's event loop
// (as a real client would not). Prints one JSON line with the measured figures.
import autocannon from 'autocannon';

const { url, connections, seconds, warmupSeconds, headers, method, body } = JSON.parse(process.argv[2] ?? '{}');
const base = { url, connections, headers: headers ?? {}, pipelining: 1, method: method ?? 'GET', ...(body ? { body } : {}) };
// A warm-up of 0 s is none (the caller warmed up once, or times the whole run).
if (warmupSeconds > 0) await autocannon({ ...base, duration: warmupSeconds });
const result = await autocannon({ ...base, duration: seconds });
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }) + '\n',
);
