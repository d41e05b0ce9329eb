import { describe, expect, it } from 'vitest';
import { LAST_ACTIVITY_KEY, readLastActivity, writeLastActivity } from '../../platform/activity';
import { cashboxClosed, createTriggerGate, gameClosed, INACTIVITY_MS, isSessionStart, mayShow } from './triggers';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('pop-up ad triggers', () => {
  it('starts a session after 30 minutes away, not on a first visit', () => {
    const now = 1_800_000_000_000;
    expect(isSessionStart(null, now)).toBe(false);
    expect(isSessionStart(now - INACTIVITY_MS + 1, now)).toBe(false);
    expect(isSessionStart(now - INACTIVITY_MS, now)).toBe(true);
    expect(isSessionStart(now - 5 * INACTIVITY_MS, now)).toBe(true);
  });

  it('keeps the last activity in storage, ignoring what is not a time', () => {
    const store = memory();
    expect(readLastActivity(store)).toBeNull();
    writeLastActivity(store, 1234);
    expect(readLastActivity(store)).toBe(1234);
    store.setItem(LAST_ACTIVITY_KEY, 'soon');
    expect(readLastActivity(store)).toBeNull();
    const denied = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(readLastActivity(denied)).toBeNull();
    expect(() => writeLastActivity(denied, 1)).not.toThrow();
  });

  it('sees a game close and the cash widget close', () => {
    expect(gameClosed(['game'], [])).toBe(true);
    expect(gameClosed(['game', 'insufficient-funds'], ['game'])).toBe(false);
    expect(gameClosed(['daily-login'], [])).toBe(false);
    expect(gameClosed([], ['game'])).toBe(false);
    expect(cashboxClosed(true, false)).toBe(true);
    expect(cashboxClosed(false, false)).toBe(false);
    expect(cashboxClosed(false, true)).toBe(false);
  });

  it('never shows during a game, over the cash widget or another modal', () => {
    expect(mayShow([], false)).toBe(true);
    expect(mayShow(['game'], false)).toBe(false);
    expect(mayShow(['daily-login'], false)).toBe(false);
    expect(mayShow([], true)).toBe(false);
  });

  it('takes one trigger at a time', () => {
    const gate = createTriggerGate();
    expect(gate.take('closeGame')).toBe(true);
    expect(gate.take('closeGame')).toBe(false);
    expect(gate.take('closeCashbox')).toBe(false);
    expect(gate.busy).toBe('closeGame');
    gate.release();
    expect(gate.take('sessionStart')).toBe(true);
  });
});
