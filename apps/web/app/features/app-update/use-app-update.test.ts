import { describe, expect, it } from 'vitest';
import { APP_UPDATE_INTERVAL_MS, isNewBuild } from './use-app-update';

describe('app update check', () => {
  it('polls hourly', () => {
    expect(APP_UPDATE_INTERVAL_MS).toBe(3_600_000);
  });

  it('reports a new build only when both ids are known and differ', () => {
    expect(isNewBuild('a', 'b')).toBe(true);
    expect(isNewBuild('a', 'a')).toBe(false);
    expect(isNewBuild(null, 'b')).toBe(false);
    expect(isNewBuild('a', null)).toBe(false);
  });
});
