/// <reference types="vite/client" />
import { REALTIME } from '@sweepstack/contracts/realtime/connection';
import { PUSH_EVENT, ZPushEnvelope, type PushMessage, type PushOf, type PushType } from '@sweepstack/contracts/realtime/push';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/**
 * Every feature's push contract (packages/contracts/src/<feature>/pushes.ts): each registers its
 * schemas with definePush when it is evaluated. All of them load before the first push is checked,
 * so that the client validates every push whatever the page loaded; adding a feature's pushes.ts is
 * enough. They load with the first push, not with this module: building their schemas took about
 * 0.4 s of a phone's main thread (4x CPU throttling) right after hydration, on visits that may get
 * no push at all. A push waits for them (pushes keep their order).
 */
const PUSH_CONTRACTS = import.meta.glob('../../../../packages/contracts/src/*/pushes.ts');
let pushContractsLoaded = false;
let pushContracts: Promise<void> | null = null;
/** Loads every feature's push contract (once); resolves when they are registered (one that failed to load: its pushes stay unknown). */
export function loadPushContracts(): Promise<void> {
  pushContracts ??= Promise.allSettled(Object.values(PUSH_CONTRACTS).map((load) => load())).then(() => {
    pushContractsLoaded = true;
  });
  return pushContracts;
}

/**
 * The browser end of the real-time channel (docs/realtime.md): one Socket.IO connection per tab to
 * the site's own origin, authenticated by the session cookie (or a channel token), validating every
 * push with the contracts' union and handing it to subscribers. Loaded lazily after hydration
 * (use-realtime.ts) so that it adds nothing to the first load.
 */

/** The connection codes of spec §8, plus the two ends a socket can also meet. */
export type ClientCode = 'timeout' | 'client disconnected' | 'transport write error' | 'unauthorized' | 'transport closed' | 'server disconnected';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'unauthorized' | 'closed';

/** Maps a Socket.IO disconnect reason or connect_error to a spec §8 client code. */
export function clientCodeOf(reason: string | (Error & { data?: unknown })): ClientCode {
  if (typeof reason !== 'string') {
    const data = reason.data as { code?: unknown } | undefined;
    if (reason.message === 'unauthorized' || data?.code === 'unauthorized') return 'unauthorized';
    if (reason.message === 'timeout') return 'timeout';
    // 'xhr poll error', 'websocket error' and friends: the transport could not send or open.
    return 'transport write error';
  }
  switch (reason) {
    case 'ping timeout':
      return 'timeout';
    case 'io client disconnect':
      return 'client disconnected';
    case 'transport error':
      return 'transport write error';
    case 'io server disconnect':
      return 'server disconnected';
    default:
      // 'transport close', 'parse error', 'forced close', 'forced server close'
      return 'transport closed';
  }
}

/** Delay before reconnect attempt `attempt` (0-based): 0.5 s doubling to 20 s, ±50% jitter, kept within 0.5–20 s. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(REALTIME.reconnectDelayMaxMs, REALTIME.reconnectDelayMinMs * 2 ** Math.max(0, attempt));
  const jittered = base * (0.5 + random());
  return Math.round(Math.min(REALTIME.reconnectDelayMaxMs, Math.max(REALTIME.reconnectDelayMinMs, jittered)));
}

/** After 'unauthorized': ask again (new token, or as a guest once signed out) in 10–20 s. */
export function tokenRetryDelayMs(random: () => number = Math.random): number {
  return Math.round(REALTIME.tokenRetryMinMs + (REALTIME.tokenRetryMaxMs - REALTIME.tokenRetryMinMs) * random());
}

/** Socket.IO client options of spec §9: automatic reconnect 0.5–20 s, 5 s request timeout. */
export function socketOptions(getToken?: () => Promise<string | null>): Partial<ManagerOptions & SocketOptions> {
  return {
    path: REALTIME.path,
    transports: ['websocket', 'polling'],
    withCredentials: true,
    autoConnect: false,
    reconnection: true,
    reconnectionDelay: REALTIME.reconnectDelayMinMs,
    reconnectionDelayMax: REALTIME.reconnectDelayMaxMs,
    randomizationFactor: 0.5,
    timeout: REALTIME.requestTimeoutMs,
    ackTimeout: REALTIME.requestTimeoutMs,
    ...(getToken
      ? {
          auth: (callback: (data: object) => void) => {
            getToken().then(
              (token) => callback(token ? { token } : {}),
              () => callback({}),
            );
          },
        }
      : {}),
  };
}

type Handler<T extends PushType> = (message: PushOf<T>) => void;
type StatusHandler = (status: ConnectionStatus, code?: ClientCode) => void;

export interface RealtimeClient {
  /** Calls `handler` with every valid push of `type`; returns the unsubscribe function. */
  subscribe<T extends PushType>(type: T, handler: Handler<T>): () => void;
  onStatus(handler: StatusHandler): () => void;
  readonly status: ConnectionStatus;
  connect(): void;
  /** Closes and opens again (after sign-in or sign-out, so the handshake sees the new cookie). */
  reconnect(): void;
  disconnect(): void;
}

export interface RealtimeClientOptions {
  /** Origin of the socket server; the page's own by default. */
  url?: string;
  /** Channel token for the alternative socket (`token` of app init, GET /rest/realtime/token/). */
  getToken?: () => Promise<string | null>;
  /** Injected in tests. */
  connectFn?: (url: string | undefined, options: Partial<ManagerOptions & SocketOptions>) => Socket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
  /** A push that broke the contract was dropped (default: console.warn). */
  onInvalidPush?: (raw: unknown, reason: string) => void;
}

const SEEN_EVENT_IDS = 500;

export function createRealtimeClient(options: RealtimeClientOptions = {}): RealtimeClient {
  const connectFn = options.connectFn ?? ((url, socketOpts) => (url ? io(url, socketOpts) : io(socketOpts)));
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const random = options.random ?? Math.random;
  const onInvalid = options.onInvalidPush ?? ((_raw, reason) => console.warn(`realtime: push dropped (${reason})`));

  const handlers = new Map<PushType, Set<(message: PushMessage) => void>>();
  const statusHandlers = new Set<StatusHandler>();
  const seen = new Set<number>();
  let status: ConnectionStatus = 'idle';
  let socket: Socket | null = null;
  let retryTimer: unknown = null;
  let manualAttempts = 0;

  const setStatus = (next: ConnectionStatus, code?: ClientCode) => {
    status = next;
    for (const handler of statusHandlers) handler(next, code);
  };
  const cancelRetry = () => {
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
  };
  /** Socket.IO does not reconnect by itself after a refused handshake or a server kick: we do. */
  const retryLater = (ms: number) => {
    cancelRetry();
    retryTimer = setTimer(() => {
      retryTimer = null;
      if (socket && !socket.connected) {
        setStatus('connecting');
        socket.connect();
      }
    }, ms);
  };

  const deliver = (raw: unknown): void => {
    if (!pushContractsLoaded) {
      void loadPushContracts().then(() => deliver(raw));
      return;
    }
    const parsed = ZPushEnvelope.safeParse(raw);
    if (!parsed.success) {
      onInvalid(raw, parsed.error.issues[0]?.message ?? 'invalid');
      return;
    }
    const { eventId, message } = parsed.data;
    // After a server crash mid-dispatch an event may come twice: once is enough.
    if (seen.has(eventId)) return;
    seen.add(eventId);
    if (seen.size > SEEN_EVENT_IDS) seen.delete(seen.values().next().value as number);
    for (const handler of handlers.get(message.type) ?? []) handler(message);
  };

  const open = (): Socket => {
    const created = connectFn(options.url, socketOptions(options.getToken));
    created.on('connect', () => {
      manualAttempts = 0;
      cancelRetry();
      setStatus('connected');
    });
    created.on(PUSH_EVENT, deliver);
    created.on('connect_error', (error: Error & { data?: unknown }) => {
      const code = clientCodeOf(error);
      if (code === 'unauthorized') {
        setStatus('unauthorized', code);
        retryLater(tokenRetryDelayMs(random));
        return;
      }
      setStatus('reconnecting', code);
      // `active` false: the server refused the handshake for another reason; Socket.IO gives up, we do not.
      if (!created.active) retryLater(reconnectDelayMs(manualAttempts++, random));
    });
    created.on('disconnect', (reason: string) => {
      const code = clientCodeOf(reason);
      if (code === 'client disconnected') {
        setStatus('closed', code);
        return;
      }
      setStatus('reconnecting', code);
      if (!created.active) retryLater(reconnectDelayMs(manualAttempts++, random));
    });
    return created;
  };

  return {
    subscribe(type, handler) {
      const set = handlers.get(type) ?? new Set();
      const wrapped = handler as (message: PushMessage) => void;
      set.add(wrapped);
      handlers.set(type, set);
      return () => set.delete(wrapped);
    },
    onStatus(handler) {
      statusHandlers.add(handler);
      return () => statusHandlers.delete(handler);
    },
    get status() {
      return status;
    },
    connect() {
      if (socket?.connected || status === 'connecting') return;
      socket ??= open();
      setStatus('connecting');
      socket.connect();
    },
    reconnect() {
      cancelRetry();
      manualAttempts = 0;
      socket?.disconnect();
      socket ??= open();
      setStatus('connecting');
      socket.connect();
    },
    disconnect() {
      cancelRetry();
      socket?.disconnect();
      setStatus('closed', 'client disconnected');
    },
  };
}

let shared: RealtimeClient | null = null;

/** The tab's one client (created on first use). */
export function getRealtimeClient(): RealtimeClient {
  shared ??= createRealtimeClient();
  return shared;
}
