import { afterEach, describe, expect, it } from 'vitest';
import { useModals } from '../features/modals/modal-store';
import type { AppInitData } from '@sweepstack/contracts/app/app-init';
import type { WebFeature } from './feature';
import { dueWelcomes, finishPlan, FINISH_TIMER_THRESHOLD_S, localDay, markWelcomed, showWelcomeModals, startFinishTimers, WELCOME_CHECK_DELAY_MS, type TimerHost, type WelcomeStore } from './feature-timers';
import { createRegistry, registry } from './registry';

const HOUR_MS = 3_600_000;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

const features = createRegistry(
  Object.fromEntries(
    ([
      { id: 'scratch-cards', finishAlsoEnds: ['magic-boxes'] },
      { id: 'magic-boxes' },
      { id: 'daily-login', welcome: { modal: 'notifications' } },
      { id: 'wheel', welcome: { modal: 'referral-info', when: (state) => state.isActive && (state.finishesAtMs ?? 0) > NOW } },
    ] satisfies WebFeature[]).map((feature) => [`../features/${feature.id}/feature.ts`, { default: feature }]),
  ),
);

/** A fake clock and timer queue. */
function fakeHost() {
  let now = NOW;
  const timers: { at: number; run: () => void; id: number }[] = [];
  const warnings: string[] = [];
  let nextId = 1;
  const host: TimerHost = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (handle) => {
      const index = timers.findIndex((timer) => timer.id === handle);
      if (index >= 0) timers.splice(index, 1);
    },
    warn: (message) => warnings.push(message),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return { host, advance, timers, warnings };
}

function memoryStore(): WelcomeStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

afterEach(() => {
  useModals.setState({ stack: [] });
});

describe('feature finish timers (spec §4, threshold 86,400 s)', () => {
  it('plans a timer within the threshold, nothing past it, a warning for what already finished', () => {
    expect(FINISH_TIMER_THRESHOLD_S).toBe(86_400);
    expect(finishPlan(NOW + 5000, NOW)).toEqual({ kind: 'timer', delayMs: 5000 });
    expect(finishPlan(NOW + 86_400_000, NOW)).toEqual({ kind: 'timer', delayMs: 86_400_000 });
    expect(finishPlan(NOW + 86_400_001, NOW)).toEqual({ kind: 'later' });
    expect(finishPlan(NOW, NOW)).toEqual({ kind: 'finished' });
    expect(finishPlan(NOW - 1, NOW)).toEqual({ kind: 'finished' });
  });

  it('turns a feature off when it finishes, with what it also ends; an already finished one only warns', () => {
    const { host, advance, warnings } = fakeHost();
    const ended: string[][] = [];
    const stop = startFinishTimers(
      {
        'scratch-cards': { isActive: true, finishesAtMs: NOW + 2 * HOUR_MS },
        'daily-login': { isActive: true, finishesAtMs: NOW - 1000 },
        wheel: { isActive: true, finishesAtMs: NOW + 48 * HOUR_MS },
        'magic-boxes': { isActive: false, finishesAtMs: NOW + HOUR_MS },
      },
      (ids) => ended.push(ids),
      features,
      host,
    );
    expect(warnings).toEqual([`[features] daily-login finished at ${new Date(NOW - 1000).toISOString()}, before this page loaded`]);
    advance(2 * HOUR_MS - 1);
    expect(ended).toEqual([]);
    advance(1);
    expect(ended).toEqual([['scratch-cards', 'magic-boxes']]);
    advance(48 * HOUR_MS);
    expect(ended).toHaveLength(1);
    stop();
  });

  it("ends the wheel of treasure when its finish time from app init's featureTimes comes (the real registry)", () => {
    // App init: the wheel has no slice of its own; its `times()` carries the finish and the next free spin.
    const init = new Proxy({ dailyLogin: { isActive: true }, featureTimes: { 'wheel-of-treasure': { finishesAtMs: NOW + HOUR_MS, availableAtMs: 0 } } } as Record<string, unknown>, {
      get: (target, key: string) => (key in target ? target[key] : key === 'TournamentsSubscriptions' ? [] : { isActive: false, enabled: false }),
    }) as unknown as AppInitData;
    const states = registry.featureStates(init);
    expect(states['wheel-of-treasure']).toMatchObject({ isActive: true, finishesAtMs: NOW + HOUR_MS });
    const { host, advance } = fakeHost();
    const ended: string[][] = [];
    const stop = startFinishTimers(states, (ids) => ended.push(ids), registry, host);
    advance(HOUR_MS - 1);
    expect(ended).toEqual([]);
    advance(1);
    expect(ended).toEqual([['wheel-of-treasure']]);
    stop();
  });

  it('stops its timers when the page goes', () => {
    const { host, advance } = fakeHost();
    const ended: string[][] = [];
    startFinishTimers({ 'scratch-cards': { isActive: true, finishesAtMs: NOW + 1000 } }, (ids) => ended.push(ids), features, host)();
    advance(5000);
    expect(ended).toEqual([]);
  });
});

describe('welcome modals (spec §4: once per day per feature; §9: checked 5 s after load)', () => {
  it('checks 5 s after the page loaded', () => {
    expect(WELCOME_CHECK_DELAY_MS).toBe(5000);
  });

  it('welcomes an active feature once per local day, following its own rule', () => {
    const store = memoryStore();
    const today = localDay(NOW);
    const states = { 'daily-login': { isActive: true }, wheel: { isActive: true, finishesAtMs: NOW - 1 } };
    expect(dueWelcomes(states, store, today, features)).toEqual([{ feature: 'daily-login', modal: 'notifications' }]);
    markWelcomed(store, 'daily-login', today);
    expect(dueWelcomes(states, store, today, features)).toEqual([]);
    expect(dueWelcomes(states, store, localDay(NOW + 24 * HOUR_MS), features)).toHaveLength(1);
    expect(dueWelcomes({ 'daily-login': { isActive: false } }, store, 'another-day', features)).toEqual([]);
  });

  it('opens them one after the other, never over another modal, and marks each shown', () => {
    const store = memoryStore();
    const states = { 'daily-login': { isActive: true }, wheel: { isActive: true, finishesAtMs: NOW + HOUR_MS } };
    useModals.getState().open('terms-confirmation');
    const stop = showWelcomeModals(states, store, NOW, features);
    expect(useModals.getState().stack.map((m) => m.name)).toEqual(['terms-confirmation']);
    useModals.getState().closeByName('terms-confirmation');
    expect(useModals.getState().stack.map((m) => [m.name, m.feature])).toEqual([['notifications', 'daily-login']]);
    useModals.getState().closeByName('notifications');
    expect(useModals.getState().stack.map((m) => [m.name, m.feature])).toEqual([['referral-info', 'wheel']]);
    useModals.getState().closeByName('referral-info');
    expect(useModals.getState().stack).toEqual([]);
    stop();
    // The same day again: nothing.
    showWelcomeModals(states, store, NOW + 1000, features)();
    expect(useModals.getState().stack).toEqual([]);
    expect(JSON.parse(store.data.get('sweepstack_welcomed') ?? '{}')).toEqual({ 'daily-login': localDay(NOW), wheel: localDay(NOW) });
  });

  it('survives a broken stored value', () => {
    const store = memoryStore();
    store.setItem('sweepstack_welcomed', '{not json');
    expect(dueWelcomes({ 'daily-login': { isActive: true } }, store, localDay(NOW), features)).toHaveLength(1);
  });
});
