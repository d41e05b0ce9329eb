import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDatabase } from '@sweepstack/db/seed';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { describe, expect, it } from 'vitest';
import { ADULT_BIRTHDAY, GOOD_PASSWORD } from '../../testing/auth-helpers';
import { freePort, runLedgerAudit, sleep, startServerProcess, type ServerProcess } from '../../testing/server-process';

interface Answered {
  playerId: number;
  key: string;
  roundId: number;
  win: number;
}

/**
 * The crash the outside probe ran (issue 16), kept in CI: spins from many connections, the server
 * killed with SIGKILL in the middle of them, a restart on the same database. Every spin that was
 * answered is in the ledger, once; the ledger audit passes; a spin cut off by the crash and sent
 * again with its key is played at most once.
 */
describe.each(dialectsUnderTest())('spin crash recovery on %s', (dialect) => {
  it('a server killed with SIGKILL under a spin load restarts with every answered spin in the ledger and the audit clean', async () => {
    const database = await createTestDatabase(dialect);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ss-spin-crash-'));
    let server: ServerProcess | undefined;
    try {
      await seedDatabase(database.db, { theme: 'nlc' });
      const port = await freePort();
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '1000000',
        SESSION_SECRET: 'spin-crash-secret-spin-crash-secret-0123',
      };
      server = await startServerProcess({ port, env, args: ['--no-web'] });
      const base = server.url;
      const gameId = Number((await database.db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow()).id);

      const players: Array<{ id: number; cookie: string; session: string; bet: number }> = [];
      for (let i = 0; i < 4; i++) {
        const email = `spin-crash${i}.${dialect}@example.com`;
        const signUp = await fetch(`${base}/rest/auth/signup/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true }) });
        expect(signUp.status).toBe(200);
        const cookie = signUp.headers.getSetCookie().find((c) => c.startsWith('ss_session='))!.split(';')[0]!;
        const launch = (await (await fetch(`${base}/rest/game/${gameId}/play/`, { headers: { cookie } })).json()) as { data: { session: string; bets: { min: number } } };
        const row = await database.db.selectFrom('players').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow();
        players.push({ id: Number(row.id), cookie, session: launch.data.session, bet: launch.data.bets.min });
      }

      // 24 connections spinning without pause; the kill comes once 150 spins are answered.
      const answered: Answered[] = [];
      const cutOff: Array<{ player: (typeof players)[number]; key: string }> = [];
      let killed = false;
      const loops = Array.from({ length: 24 }, async (_, loop) => {
        const player = players[loop % players.length]!;
        for (let n = 0; !killed; n++) {
          const key = `crash-${loop}-${n}`;
          try {
            const res = await fetch(`${base}/rest/game/${gameId}/spin/`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: player.cookie }, body: JSON.stringify({ session: player.session, bet: player.bet, idempotencyKey: key }) });
            const json = (await res.json()) as { data?: { roundId: number; win: number } };
            if (res.status !== 200 || !json.data) throw new Error(`spin answered ${res.status}: ${JSON.stringify(json)}`);
            answered.push({ playerId: player.id, key, roundId: json.data.roundId, win: json.data.win });
          } catch (error) {
            if (!killed) throw error;
            cutOff.push({ player, key });
          }
        }
      });
      const settled = Promise.allSettled(loops);
      for (let i = 0; i < 1_200 && answered.length < 150; i++) await sleep(25);
      killed = true;
      server.child.kill('SIGKILL');
      await server.exited;
      const results = await settled;
      for (const result of results) if (result.status === 'rejected') throw result.reason;
      expect(answered.length).toBeGreaterThanOrEqual(150);

      server = await startServerProcess({ port, env, args: ['--no-web'] });
      const audit = await runLedgerAudit(database.url);
      expect(audit.code, audit.output).toBe(0);
      expect(audit.output).toContain('ledger audit passed');
      await expectLedgerBalanced(database.db);

      // Every answered spin: its round, its bet and (when it won) its win, each once.
      const rounds = await database.db.selectFrom('game_rounds').select(['id', 'player_id', 'idempotency_key', 'win']).execute();
      const roundByKey = new Map(rounds.map((r) => [`${Number(r.player_id)}:${r.idempotency_key}`, r]));
      const transfers = await database.db.selectFrom('ledger_transfers').select(['idempotency_key', 'reason', 'amount']).where('idempotency_key', 'like', 'game:%').execute();
      const transfersByKey = new Map<string, Array<{ reason: string; amount: number }>>();
      for (const transfer of transfers) {
        // game:<player>:<spin key>, then the part (:win, :jp-in…) when there is one.
        const spinKey = /^game:\d+:[^:]+/.exec(transfer.idempotency_key)?.[0] ?? transfer.idempotency_key;
        transfersByKey.set(spinKey, [...(transfersByKey.get(spinKey) ?? []), { reason: transfer.reason, amount: Number(transfer.amount) }]);
      }
      for (const spin of answered) {
        const round = roundByKey.get(`${spin.playerId}:${spin.key}`);
        expect(round, spin.key).toBeDefined();
        expect(Number(round!.id)).toBe(spin.roundId);
        expect(Number(round!.win)).toBe(spin.win);
        const moves = transfersByKey.get(`game:${spin.playerId}:${spin.key}`) ?? [];
        expect(moves.filter((m) => m.reason === 'game_bet').length, spin.key).toBeGreaterThanOrEqual(1);
        expect(moves.filter((m) => m.reason === 'game_win').reduce((sum, m) => sum + m.amount, 0), spin.key).toBe(spin.win > 0 ? spin.win : 0);
      }

      // Spins cut off by the crash, sent again with their keys: each is played at most once.
      for (const { player, key } of cutOff.slice(0, 12)) {
        const res = await fetch(`${server.url}/rest/game/${gameId}/spin/`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: player.cookie }, body: JSON.stringify({ session: player.session, bet: player.bet, idempotencyKey: key }) });
        expect(res.status, await res.clone().text()).toBe(200);
        const again = await database.db.selectFrom('game_rounds').select('id').where('player_id', '=', player.id).where('idempotency_key', '=', key).execute();
        expect(again, key).toHaveLength(1);
      }
      await expectLedgerBalanced(database.db);
      console.log(`spin crash on ${dialect}: ${answered.length} spins answered before SIGKILL, ${cutOff.length} cut off; all answered spins in the ledger after the restart`);
    } finally {
      if (server) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
