import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeBuildInfo } from './build-info';

describe('build info', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-build-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prefers BUILD_ID, then a hash of the bundle, then dev', () => {
    expect(computeBuildInfo({ buildId: 'release-42', nowMs: 5 })).toEqual({ id: 'release-42', timestampMs: 5 });
    expect(computeBuildInfo({ bundlePath: path.join(dir, 'missing.js'), nowMs: 7 })).toEqual({ id: 'dev', timestampMs: 7 });
    const bundle = path.join(dir, 'index.js');
    writeFileSync(bundle, 'export default 1;');
    const first = computeBuildInfo({ bundlePath: bundle, nowMs: 9 });
    expect(first.id).toMatch(/^[0-9a-f]{16}$/);
    expect(first.timestampMs).toBeGreaterThan(1_600_000_000_000);
    expect(computeBuildInfo({ bundlePath: bundle, nowMs: 10 }).id).toBe(first.id);
    writeFileSync(bundle, 'export default 2;');
    expect(computeBuildInfo({ bundlePath: bundle, nowMs: 11 }).id).not.toBe(first.id);
  });
});
