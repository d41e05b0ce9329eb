// Child process of bench/push-latency.bench.ts: opens many Socket.IO clients (so that the server's
// memory figure is the server's alone) and reports when each push arrived.
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

interface Start {
  kind: 'start';
  url: string;
  tokens: string[];
}

const sockets: Socket[] = [];
const receipts: [number, number][] = [];
const now = () => performance.timeOrigin + performance.now();

async function connectAll(url: string, tokens: string[]): Promise<void> {
  const batch = 50;
  for (let i = 0; i < tokens.length; i += batch) {
    await Promise.all(
      tokens.slice(i, i + batch).map(
        (token) =>
          new Promise<void>((resolve, reject) => {
            const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, timeout: 20_000 });
            socket.on('push', (envelope: { eventId: number }) => receipts.push([envelope.eventId, now()]));
            socket.once('connect', () => resolve());
            socket.once('connect_error', (error) => reject(error));
            sockets.push(socket);
          }),
      ),
    );
  }
}

process.on('message', (message: Start | { kind: 'report' } | { kind: 'stop' }) => {
  if (message.kind === 'start') {
    connectAll(message.url, message.tokens).then(
      () => process.send?.({ kind: 'ready', connected: sockets.filter((s) => s.connected).length }),
      (error: unknown) => process.send?.({ kind: 'error', message: String(error) }),
    );
  } else if (message.kind === 'report') {
    process.send?.({ kind: 'receipts', receipts });
  } else {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
