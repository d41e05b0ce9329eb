// Load generator of bench/spin.bench.ts in a process of its own (not on the server's event loop):
// POST spins round-robin over the given players, each with a fresh idempotency key. Prints one JSON line.
import autocannon from 'autocannon';

const { url, connections, seconds, warmupSeconds, players } = JSON.parse(process.argv[2] ?? '{}');
let next = 0;
const options = {
  url,
  connections,
  pipelining: 1,
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const player = players[next % players.length];
        next += 1;
        return {
          ...request,
          path: player.path,
          headers: { 'content-type': 'application/json', cookie: player.cookie },
          body: JSON.stringify({ session: player.session, bet: 100, idempotencyKey: `bench-${process.pid}-${next}` }),
        };
      },
    },
  ],
};
await autocannon({ ...options, duration: warmupSeconds });
const result = await autocannon({ ...options, duration: seconds });
process.stdout.write(
  JSON.stringify({ requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, ok: result['2xx'] }) + '\n',
);
