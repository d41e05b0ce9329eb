import SQLite from 'better-sqlite3';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpViaApi } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// Session lookups are kept per token on SQLite (docs/auth.md); on either dialect every request must
// see the account as it is now.
describe.each(dialectsUnderTest())('session lookups on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(t.database.db);
  });
  const profile = (cookie: string) => t.app.inject({ method: 'GET', url: '/rest/player/profile/', headers: { cookie } });

  it('follow the account and its sessions from one request to the next', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'session.lookups@example.com');
    const db = t.database.db;
    const playerId = (await db.selectFrom('players').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 3; i += 1) expect((await profile(cookie)).statusCode).toBe(200);
    // Blocked and unblocked through this process.
    await db.updateTable('players').set({ account_status: 'BLOCKED' }).where('id', '=', playerId).execute();
    expect((await profile(cookie)).statusCode).toBe(401);
    await db.updateTable('players').set({ account_status: 'ACTIVE' }).where('id', '=', playerId).execute();
    expect((await profile(cookie)).statusCode).toBe(200);
    // Blocked by another process (an operator tool on the same SQLite file).
    if (dialect === 'sqlite') {
      const other = new SQLite(t.database.url.slice('sqlite:'.length));
      other.prepare("update players set account_status = 'BLOCKED' where id = ?").run(playerId);
      other.close();
      await nextTurn();
      expect((await profile(cookie)).statusCode).toBe(401);
      await db.updateTable('players').set({ account_status: 'ACTIVE' }).where('id', '=', playerId).execute();
      expect((await profile(cookie)).statusCode).toBe(200);
    }
    // The game mode a request sees is the current one.
    const mode = (await db.selectFrom('players').select('game_mode').where('id', '=', playerId).executeTakeFirstOrThrow()).game_mode;
    const path = mode === 'SweepStakes' ? 'switch-to-tournament-points' : 'switch-to-sweep-stakes';
    expect((await t.app.inject({ method: 'GET', url: `/rest/player/game-mode/${path}/`, headers: { cookie } })).statusCode).toBe(200);
    const init = await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } });
    expect(init.json().data.gameMode).not.toBe(mode);
    // An expired session, then signing out.
    await db.updateTable('sessions').set({ expires_at_ms: Date.now() - 1 }).where('player_id', '=', playerId).execute();
    expect((await profile(cookie)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: 'session.lookups@example.com', password: GOOD_PASSWORD } });
    const fresh = [again.headers['set-cookie']].flat().filter(Boolean).map((c) => String(c).split(';')[0]).join('; ');
    expect(again.statusCode, again.body).toBe(200);
    expect((await profile(fresh)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/rest/logout/', headers: { cookie: fresh } })).statusCode).toBe(200);
    expect((await profile(fresh)).statusCode).toBe(401);
  });

  // On PostgreSQL the lookups of concurrent requests share one query (batchedLoader): each request
  // must still get its own player, and each cookie its own answer.
  it('answer concurrent requests with different cookies each with its own player', async () => {
    const db = t.database.db;
    const accounts = await Promise.all([0, 1, 2, 3].map((i) => signUpViaApi(t.app, `concurrent.lookups.${i}@example.com`)));
    const ids = await Promise.all(accounts.map(async (a) => Number((await db.selectFrom('players').select('id').where('uuid', '=', a.uuid).executeTakeFirstOrThrow()).id)));
    await db.updateTable('players').set({ account_status: 'BLOCKED' }).where('id', '=', ids[2]!).execute();
    await db.updateTable('sessions').set({ expires_at_ms: Date.now() - 1 }).where('player_id', '=', ids[3]!).execute();
    const cookies = [accounts[0]!.cookie, accounts[1]!.cookie, accounts[2]!.cookie, accounts[3]!.cookie, 'ss_session=unknown-token', accounts[0]!.cookie, accounts[1]!.cookie];
    const [answers, inits] = await Promise.all([
      Promise.all(cookies.map((cookie) => profile(cookie))),
      Promise.all(cookies.map((cookie) => t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } }))),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 401, 401, 200, 200]);
    const email = (i: number) => `concurrent.lookups.${i}@example.com`;
    expect(inits.map((a) => (a.json() as { data: { email: string | null } }).data.email)).toEqual([email(0), email(1), null, null, null, email(0), email(1)]);
  });
});
