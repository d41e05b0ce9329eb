import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientCodeOf, createRealtimeClient, loadPushContracts, reconnectDelayMs, socketOptions, tokenRetryDelayMs, type ConnectionStatus, type RealtimeClientOptions } from './realtime';

/** Just enough of a Socket.IO client socket: handlers by event, connect/disconnect, active/connected. */
class FakeSocket {
  handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  connected = false;
  active = false;
  connects = 0;
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  connect() {
    this.connects += 1;
    this.active = true;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io client disconnect');
  }
}

function setup(extra: Partial<RealtimeClientOptions> = {}) {
  const socket = new FakeSocket();
  const timers: { fn: () => void; ms: number }[] = [];
  const invalid: string[] = [];
  const client = createRealtimeClient({
    connectFn: () => socket as never,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    random: () => 0.5,
    onInvalidPush: (_raw, reason) => invalid.push(reason),
    ...extra,
  });
  const statuses: [ConnectionStatus, string | undefined][] = [];
  client.onStatus((status, code) => statuses.push([status, code]));
  return { socket, timers, invalid, client, statuses };
}

describe('real-time client codes (spec §8)', () => {
  it('maps disconnect reasons', () => {
    expect(clientCodeOf('ping timeout')).toBe('timeout');
    expect(clientCodeOf('io client disconnect')).toBe('client disconnected');
    expect(clientCodeOf('transport error')).toBe('transport write error');
    expect(clientCodeOf('io server disconnect')).toBe('server disconnected');
    expect(clientCodeOf('transport close')).toBe('transport closed');
  });

  it('maps handshake errors', () => {
    expect(clientCodeOf(Object.assign(new Error('unauthorized'), { data: { code: 'unauthorized' } }))).toBe('unauthorized');
    expect(clientCodeOf(Object.assign(new Error('refused'), { data: { code: 'unauthorized' } }))).toBe('unauthorized');
    expect(clientCodeOf(new Error('timeout'))).toBe('timeout');
    expect(clientCodeOf(new Error('xhr poll error'))).toBe('transport write error');
    expect(clientCodeOf(new Error('websocket error'))).toBe('transport write error');
  });
});

describe('real-time backoff (spec §9)', () => {
  it('doubles from 0.5 s to at most 20 s, jitter kept inside the bounds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelayMs(n, () => 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 16000, 20000, 20000]);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      for (const r of [0, 0.25, 0.999]) {
        const delay = reconnectDelayMs(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(500);
        expect(delay).toBeLessThanOrEqual(20_000);
      }
    }
    expect(reconnectDelayMs(3, () => 0)).toBe(2000);
    expect(tokenRetryDelayMs(() => 0)).toBe(10_000);
    expect(tokenRetryDelayMs(() => 1)).toBe(20_000);
  });

  it('configures Socket.IO with automatic reconnect and the 5 s request timeout', () => {
    expect(socketOptions()).toMatchObject({
      path: '/socket.io',
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 20_000,
      timeout: 5000,
      ackTimeout: 5000,
      autoConnect: false,
    });
    expect(socketOptions()).not.toHaveProperty('auth');
    expect(typeof socketOptions(async () => 'tok').auth).toBe('function');
  });
});

describe('real-time client', () => {
  // Pushes wait for every feature's push contract: loaded, they are handled at once.
  beforeAll(() => loadPushContracts());
  const gameMode = { type: 'gameMode', action: 'changed', data: { gameMode: 'SweepStakes' } };

  it('validates pushes and hands them to the subscribers of their type, once per event id', () => {
    const { socket, client, invalid } = setup();
    const got: unknown[] = [];
    const balances: unknown[] = [];
    client.subscribe('gameMode', (message) => got.push(message.data.gameMode));
    const stop = client.subscribe('balance', (message) => balances.push(message));
    client.connect();
    socket.fire('push', { eventId: 1, message: gameMode });
    socket.fire('push', { eventId: 1, message: gameMode });
    socket.fire('push', { eventId: 2, message: { type: 'gameMode', action: 'changed', data: { gameMode: 'Cash' } } });
    socket.fire('push', { eventId: 3, message: { type: 'unknown', action: 'x' } });
    socket.fire('push', 'not even an object');
    stop();
    socket.fire('push', { eventId: 4, message: { type: 'balance', action: 'update', data: { entries: 1, winnings: 0, tourPoints: 5, coins: 5 } } });
    expect(got).toEqual(['SweepStakes']);
    expect(balances).toEqual([]);
    expect(invalid).toHaveLength(3);
  });

  it("knows every feature's pushes (contracts/src/<feature>/pushes.ts) without the feature's code loaded", async () => {
    await loadPushContracts();
    const contracts = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../packages/contracts/src');
    const types = readdirSync(contracts)
      .filter((dir) => existsSync(path.join(contracts, dir, 'pushes.ts')))
      .flatMap((dir) => [...readFileSync(path.join(contracts, dir, 'pushes.ts'), 'utf8').matchAll(/definePush\(\s*'([A-Za-z0-9]+)'/g)].map((m) => m[1]!));
    expect(types).toEqual(expect.arrayContaining(['dailyLogin', 'wheelOfTreasure']));
    const { socket, client, invalid } = setup();
    client.connect();
    // A made-up action fails each type's own schema, never as a type the client does not know.
    types.forEach((type, i) => socket.fire('push', { eventId: 100 + i, message: { type, action: 'not-an-action', data: {} } }));
    expect(invalid).toHaveLength(types.length);
    expect(invalid.filter((reason) => reason.startsWith('unknown push type'))).toEqual([]);
  });

  it('after unauthorized waits 10-20 s, then connects again (the token callback runs again)', () => {
    const { socket, client, timers, statuses } = setup();
    client.connect();
    expect(socket.connects).toBe(1);
    socket.active = false; // Socket.IO gives up after a middleware refusal
    socket.fire('connect_error', Object.assign(new Error('unauthorized'), { data: { code: 'unauthorized' } }));
    expect(client.status).toBe('unauthorized');
    expect(timers.map((t) => t.ms)).toEqual([15_000]);
    timers[0]!.fn();
    expect(socket.connects).toBe(2);
    socket.connected = true;
    socket.fire('connect');
    expect(statuses.map(([s, c]) => `${s}:${c ?? ''}`)).toEqual(['connecting:', 'unauthorized:unauthorized', 'connecting:', 'connected:']);
  });

  it('leaves transport failures to Socket.IO reconnects and reconnects itself after a server kick', () => {
    const { socket, client, timers, statuses } = setup();
    client.connect();
    socket.connected = true;
    socket.fire('connect');
    // ping timeout: Socket.IO is still active and reconnects on its own.
    socket.fire('disconnect', 'ping timeout');
    expect(timers).toHaveLength(0);
    // The server closed the socket: Socket.IO stops; the client retries with its backoff.
    socket.active = false;
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(timers.map((t) => t.ms)).toEqual([500]);
    timers[0]!.fn();
    expect(socket.connects).toBe(2);
    expect(statuses.at(-2)).toEqual(['reconnecting', 'server disconnected']);
    client.disconnect();
    expect(client.status).toBe('closed');
  });
});
