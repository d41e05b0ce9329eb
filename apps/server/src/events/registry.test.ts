import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './dispatcher';
import { EventRegistry, loadHandlerFiles } from './registry';

describe('event registry', () => {
  it('keeps handlers per type under stable names and refuses duplicates or anonymous ones', () => {
    const registry = new EventRegistry();
    registry.onEvent('deposit.completed', async function creditStreak() {});
    registry.onEvent('deposit.completed', async () => {}, { name: 'quests:deposit' });
    expect(registry.handlersFor('deposit.completed').map((h) => h.name)).toEqual(['deposit.completed:creditStreak', 'quests:deposit']);
    expect(registry.handlersFor('other')).toEqual([]);
    expect(() => registry.onEvent('deposit.completed', async function creditStreak() {})).toThrow(/registered twice/);
    const anonymous = [async () => {}][0]!;
    expect(() => registry.onEvent('x', anonymous)).toThrow(/needs a name/);
  });

  it('loads every handler file of a folder, named after the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-handlers-'));
    writeFileSync(path.join(dir, 'b-quests.ts'), "export default (onEvent) => { onEvent('play.completed', async function progress() {}); };\n");
    writeFileSync(path.join(dir, 'a-vip.ts'), "export default (onEvent) => { onEvent('play.completed', async function progress() {}); };\n");
    writeFileSync(path.join(dir, 'a-vip.test.ts'), 'throw new Error("tests are not handlers");\n');
    const registry = new EventRegistry();
    expect(await loadHandlerFiles(registry, dir)).toEqual(['a-vip.ts', 'b-quests.ts']);
    expect(registry.handlersFor('play.completed').map((h) => h.name)).toEqual(['a-vip:play.completed:progress', 'b-quests:play.completed:progress']);
    expect(await loadHandlerFiles(new EventRegistry(), path.join(dir, 'missing'))).toEqual([]);
  });

  it('backs off failed handlers from 1 s to at most 5 minutes', () => {
    expect([1, 2, 3, 10, 30].map(retryDelayMs)).toEqual([1000, 2000, 4000, 300_000, 300_000]);
  });
});
