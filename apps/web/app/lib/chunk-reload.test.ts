import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload, pendingTarget, RELOAD_GUARD_MS } from './chunk-reload';

describe('chunk load errors', () => {
  it('recognises the browsers\' dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });

  it('reloads a target once per guard window', () => {
    expect(mayReload(null, '/lobby/', 0)).toBe(true);
    expect(mayReload({ target: '/lobby/', at: 0 }, '/lobby/', RELOAD_GUARD_MS)).toBe(false);
    expect(mayReload({ target: '/lobby/', at: 0 }, '/lobby/', RELOAD_GUARD_MS + 1)).toBe(true);
    expect(mayReload({ target: '/lobby/', at: 0 }, '/vip/', 5)).toBe(true);
  });
});

describe('navigation target after a chunk reload', () => {
  it('continues to a recent target only', () => {
    expect(pendingTarget({ target: '/vip/', at: 1000 }, '/lobby/', 2000)).toBe('/vip/');
    expect(pendingTarget({ target: '/vip/', at: 1000 }, '/vip/', 2000)).toBeNull();
    expect(pendingTarget({ target: '/vip/', at: 1000 }, '/lobby/', 1000 + RELOAD_GUARD_MS + 1)).toBeNull();
    expect(pendingTarget(null, '/lobby/', 0)).toBeNull();
  });
});
