import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';

// SQLite only: the worker checkpoints a database file (docs/decisions/0004).
describe('background WAL checkpoint (SQLite file)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-checkpoint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Commits `count` small transactions; answers the database file's size before and the WAL's after. */
  async function writeAndWatch(file: string, backgroundCheckpoint: boolean) {
    const handle = openDatabase(`sqlite:${file}`, { backgroundCheckpoint });
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
    // Start from an empty WAL, so that the file only grows by checkpoints from here on.
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    const sizeBefore = statSync(file).size;
    for (let i = 0; i < 200; i++) await handle.db.transaction().execute((trx) => sql`insert into notes (body) values (${'x'.repeat(500)})`.execute(trx));
    // 200 commits write about 400 WAL pages: below either automatic threshold, so only the worker copies them.
    const deadline = Date.now() + 5000;
    while (statSync(file).size === sizeBefore && backgroundCheckpoint && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const sizeAfter = statSync(file).size;
    const rows = Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(handle.db)).rows[0]!.n);
    return { handle, sizeBefore, sizeAfter, rows };
  }

  it('copies committed pages into the database file from a worker, without a checkpoint on the event loop', async () => {
    const file = path.join(dir, 'background.db');
    const { handle, sizeBefore, sizeAfter, rows } = await writeAndWatch(file, true);
    expect(rows).toBe(200);
    expect(sizeAfter).toBeGreaterThan(sizeBefore);
    // The worker closes first, so the handle's connection is the last and removes the WAL on close.
    await handle.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = openDatabase(`sqlite:${file}`, { backgroundCheckpoint: false });
    expect(Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(reopened.db)).rows[0]!.n)).toBe(200);
    await reopened.close();
  });

  it('leaves the pages in the WAL without the worker (the control case)', async () => {
    const file = path.join(dir, 'foreground.db');
    const { handle, sizeBefore, sizeAfter, rows } = await writeAndWatch(file, false);
    expect(rows).toBe(200);
    expect(sizeAfter).toBe(sizeBefore);
    await handle.close();
  });
});
