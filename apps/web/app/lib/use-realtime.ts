import type { PushOf, PushType } from '@sweepstack/contracts/realtime/push';
import { useEffect, useRef } from 'react';
import type * as RealtimeModuleNamespace from './realtime';

type RealtimeModule = typeof RealtimeModuleNamespace;

let loading: Promise<RealtimeModule> | null = null;

/** Loads the real-time module (and socket.io-client) on first use only: a separate chunk. */
export function loadRealtime(): Promise<RealtimeModule> {
  loading ??= import('./realtime');
  return loading;
}

/** Runs `fn` once the browser is idle after hydration (50 ms fallback, spec §9); answers a cancel function. */
export function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(fn, 50);
  return () => window.clearTimeout(handle);
}

/**
 * Runs `fn` once the page has loaded and then the browser is idle: the load event comes while React
 * still hydrates (in slices), and what starts at load (chunks to evaluate, watchers to render) would
 * run in between. Answers a cancel function.
 */
export function whenLoadedAndIdle(fn: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const onLoad = () => {
    cancelIdle = whenIdle(fn);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
}

/**
 * Opens the tab's real-time connection after hydration. `identity` is the signed-in player's uuid
 * (null for a guest): when it changes the socket reconnects so its handshake carries the new session.
 */
export function useRealtimeConnection(identity: string | null): void {
  const first = useRef(true);
  useEffect(() => {
    let cancelled = false;
    const isFirst = first.current;
    first.current = false;
    const cancelIdle = whenIdle(() => {
      void loadRealtime().then(({ getRealtimeClient }) => {
        if (cancelled) return;
        const client = getRealtimeClient();
        if (isFirst) client.connect();
        else client.reconnect();
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [identity]);
}

/**
 * Runs `fn` with the real-time module: at once when it is loaded or loading, else once the browser is
 * idle (as the connection opens): a component that subscribes while the page hydrates does not
 * load and evaluate socket.io-client in the middle of it. Answers a cancel function.
 */
export function withRealtime(fn: (module: RealtimeModule) => void): () => void {
  let cancelled = false;
  const run = () => void loadRealtime().then((module) => (cancelled ? undefined : fn(module)));
  const cancelIdle = loading ? (run(), () => undefined) : whenIdle(run);
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

/** Calls `handler` with every push of `type` while the component is mounted. */
export function useRealtime<T extends PushType>(type: T, handler: (message: PushOf<T>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const cancel = withRealtime(({ getRealtimeClient }) => {
      unsubscribe = getRealtimeClient().subscribe(type, (message) => latest.current(message));
    });
    return () => {
      cancel();
      unsubscribe?.();
    };
  }, [type]);
}

/** Mount once in the shell: `<RealtimeConnection identity={player?.uuid ?? null} />`. Renders nothing. */
export function RealtimeConnection({ identity }: { identity: string | null }): null {
  useRealtimeConnection(identity);
  return null;
}

