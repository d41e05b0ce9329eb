import { describe, expect, it } from 'vitest';
import { IDLE_RELOAD_AFTER_MS, shouldReloadForIdle } from './activity';
import { INACTIVITY_MS } from '../features/pop-up-ads/triggers';

describe('the reload after long inactivity (spec §4)', () => {
  const nowMs = Date.parse('2027-01-08T17:00:00Z');
  const idle = { lastActivityMs: nowMs - IDLE_RELOAD_AFTER_MS, nowMs, busy: false, reloadedForIdle: false };

  it('reloads after two hours without activity, a longer threshold than the session-start ad', () => {
    expect(IDLE_RELOAD_AFTER_MS).toBe(7_200_000);
    expect(IDLE_RELOAD_AFTER_MS).toBeGreaterThan(INACTIVITY_MS);
    expect(shouldReloadForIdle(idle)).toBe(true);
    expect(shouldReloadForIdle({ ...idle, lastActivityMs: nowMs - IDLE_RELOAD_AFTER_MS + 1 })).toBe(false);
    expect(shouldReloadForIdle({ ...idle, lastActivityMs: nowMs - INACTIVITY_MS })).toBe(false);
  });

  it('waits while a modal or the cash widget is open, and never reloads the page it reloaded before the visitor acted', () => {
    expect(shouldReloadForIdle({ ...idle, busy: true })).toBe(false);
    expect(shouldReloadForIdle({ ...idle, reloadedForIdle: true })).toBe(false);
  });

  it('needs a known last activity (storage denied or a first visit: no reload)', () => {
    expect(shouldReloadForIdle({ ...idle, lastActivityMs: null })).toBe(false);
  });
});
