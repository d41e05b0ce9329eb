import { useModals } from '../features/modals/modal-store';
import type { FeaturePushTools, FeatureState, ModalName } from './feature';
import { useEndedFeatures } from './feature-state';
import { withRealtime } from '../lib/use-realtime';
import { registry, type FeatureRegistry } from './registry';

/**
 * Spec §4 feature finish timers and welcome modals, for a signed-in player's visit (loaded after the
 * page, never in the first-load JavaScript). docs/adding-a-feature.md says how a feature uses them.
 */

/** Spec §9: a feature finishing within this many seconds gets a timer; a later finish gets none. */
export const FINISH_TIMER_THRESHOLD_S = 86_400;
/** Spec §9: welcome modals are checked this long after the page has loaded. */
export const WELCOME_CHECK_DELAY_MS = 5000;
/** Where the days on which each feature welcomed the player are kept (feature id → local day). */
export const WELCOME_STORAGE_KEY = 'sweepstack_welcomed';

export type FinishPlan = { kind: 'finished' } | { kind: 'later' } | { kind: 'timer'; delayMs: number };

/** What to do about a feature finishing at `finishesAtMs`: warn (already finished), nothing yet, or a timer. */
export function finishPlan(finishesAtMs: number, nowMs: number): FinishPlan {
  const delayMs = finishesAtMs - nowMs;
  if (delayMs <= 0) return { kind: 'finished' };
  if (delayMs > FINISH_TIMER_THRESHOLD_S * 1000) return { kind: 'later' };
  return { kind: 'timer', delayMs };
}

export interface TimerHost {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  warn(message: string): void;
}

const browserHost: TimerHost = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  warn: (message) => console.warn(message),
};

/**
 * Spec §4: each active feature that finishes within 86,400 s is turned off at that moment (with what
 * its declaration says it also ends, as scratch cards end magic boxes); one already finished only
 * logs a console warning. Returns a stop function.
 */
export function startFinishTimers(states: Readonly<Record<string, FeatureState>>, end: (ids: string[]) => void, features: FeatureRegistry = registry, host: TimerHost = browserHost): () => void {
  const handles: unknown[] = [];
  for (const [id, state] of Object.entries(states)) {
    if (!state.isActive || state.finishesAtMs === null || state.finishesAtMs === undefined) continue;
    const plan = finishPlan(state.finishesAtMs, host.now());
    if (plan.kind === 'finished') host.warn(`[features] ${id} finished at ${new Date(state.finishesAtMs).toISOString()}, before this page loaded`);
    else if (plan.kind === 'timer') handles.push(host.setTimeout(() => end(features.finishTargets(id)), plan.delayMs));
  }
  return () => handles.forEach((handle) => host.clearTimeout(handle));
}

/** The player's local calendar day (`2026-11-26`): welcome modals show once per day per feature. */
export function localDay(nowMs: number): string {
  const date = new Date(nowMs);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A minimal Storage (localStorage in the browser). */
export interface WelcomeStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function readWelcomed(store: WelcomeStore): Record<string, string> {
  try {
    const parsed = JSON.parse(store.getItem(WELCOME_STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The welcome modals due today, in feature order: the feature wants it (default: it is active) and has not welcomed today. */
export function dueWelcomes(states: Readonly<Record<string, FeatureState>>, store: WelcomeStore, today: string, features: FeatureRegistry = registry): { feature: string; modal: ModalName }[] {
  const welcomed = readWelcomed(store);
  return features.welcomes
    .filter((welcome) => {
      const state = states[welcome.feature] ?? { isActive: false };
      return (welcome.when ? welcome.when(state) : state.isActive) && welcomed[welcome.feature] !== today;
    })
    .map(({ feature, modal }) => ({ feature, modal }));
}

/** Remembers that a feature welcomed the player today. */
export function markWelcomed(store: WelcomeStore, feature: string, today: string): void {
  try {
    store.setItem(WELCOME_STORAGE_KEY, JSON.stringify({ ...readWelcomed(store), [feature]: today }));
  } catch {
    // Storage full or denied: the welcome may show again on the next visit, nothing worse.
  }
}

/**
 * Opens the welcome modals due today one after the other, each when no other modal is open (never
 * over the terms confirmation, a game or another welcome). Returns a stop function.
 */
export function showWelcomeModals(states: Readonly<Record<string, FeatureState>>, store: WelcomeStore, nowMs: number, features: FeatureRegistry = registry): () => void {
  const today = localDay(nowMs);
  const queue = dueWelcomes(states, store, today, features);
  const next = () => {
    const modals = useModals.getState();
    if (queue.length === 0 || modals.stack.length > 0) return;
    const welcome = queue.shift()!;
    markWelcomed(store, welcome.feature, today);
    modals.open(welcome.modal, { feature: welcome.feature });
  };
  next();
  if (queue.length === 0) return () => undefined;
  return useModals.subscribe(next);
}

/**
 * Subscribes the features' push handlers (`pushes` in their feature.ts) for this visit, once the
 * real-time module is there (it loads when the browser is idle after the page). Returns a stop function.
 */
export function startFeaturePushes(features: FeatureRegistry = registry): () => void {
  if (features.pushHandlers.length === 0) return () => undefined;
  let stopped = false;
  const unsubscribes: (() => void)[] = [];
  const tools: FeaturePushTools = {
    open: (modal) => void useModals.getState().open(modal),
    isOpen: (modal) => useModals.getState().stack.some((entry) => entry.name === modal),
  };
  // With the real-time module: when the browser is idle after the page (as the connection opens).
  const cancel = withRealtime(({ getRealtimeClient }) => {
    void Promise.all(features.pushHandlers.map(({ handler }) => handler.contract?.())).then(() => {
      if (stopped) return;
      const client = getRealtimeClient();
      for (const { handler } of features.pushHandlers) {
        // The union of handlers is typed per push type; the client hands each its own type's messages.
        unsubscribes.push(client.subscribe(handler.type, (message) => (handler.handle as (m: typeof message, t: FeaturePushTools) => void)(message, tools)));
      }
    });
  });
  return () => {
    stopped = true;
    cancel();
    unsubscribes.forEach((unsubscribe) => unsubscribe());
  };
}

/** Both, for this visit: the finish timers at once, the welcome check after `welcomeDelayMs` (the launcher: 5 s after the page loaded). */
export function startFeatureTimers(states: Readonly<Record<string, FeatureState>>, welcomeDelayMs = WELCOME_CHECK_DELAY_MS): () => void {
  const stopFinish = startFinishTimers(states, (ids) => useEndedFeatures.getState().end(ids));
  const stopPushes = startFeaturePushes();
  let stopWelcome: () => void = () => undefined;
  const welcomeTimer = window.setTimeout(() => {
    // Ended by now (a finish timer): no welcome.
    const ended = useEndedFeatures.getState().ended;
    const current = Object.fromEntries(Object.entries(states).map(([id, state]) => [id, ended[id] ? { ...state, isActive: false } : state]));
    stopWelcome = showWelcomeModals(current, window.localStorage, Date.now());
  }, welcomeDelayMs);
  return () => {
    stopFinish();
    stopPushes();
    window.clearTimeout(welcomeTimer);
    stopWelcome();
  };
}
