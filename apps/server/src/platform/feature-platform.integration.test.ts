import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineEvent, InvalidEventError } from '@sweepstack/contracts/events';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { ZPushMessage } from '@sweepstack/contracts/realtime/push';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { countUndispatchedEvents, recordEvent, recordEvents, type NewDomainEvent } from '@sweepstack/db/repositories/domain-events';
import { seedDatabase } from '@sweepstack/db/seed';
import { addFixtureNote, fixtureNotesOf } from '@sweepstack/db/testing/fixture-features/fixture-notes/repository';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { build } from '../app';
import { loadConfig } from '../config';
import { OPERATOR_ENV, operatorCookie, playerIdOf } from '../kyc/testing';
import { sleep, waitUntil } from '../realtime/testing';
import { signUpViaApi } from '../testing/auth-helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The fixture feature `fixture-notes` in every layer (testing/fixture-feature/README.md). */
const FIXTURE = {
  contracts: path.join(here, '..', 'testing', 'fixture-feature', 'contracts'),
  server: path.join(here, '..', 'testing', 'fixture-feature', 'server'),
  db: path.join(here, '..', '..', '..', '..', 'packages', 'db', 'src', 'testing', 'fixture-features'),
};

const TestIsolation = defineEvent('test.isolation', z.looseObject({}));

const roundPayload = (roundId: number) => ({ roundId, gameId: 1, currency: 'GC' as const, bet: 100, stake: 100, win: 0, step: 'base', bought: false, jackpotWin: 0 });

describe.each(dialectsUnderTest())('feature platform on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let playerId: number;
  let cookie: string;
  /** What the test handlers saw. */
  const seen = { steady: [] as number[], flaky: 0, batchSizes: [] as number[], picky: [] as number[], allowPoison: false, poison: -1 };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    expect(await migrateToLatest(database.db, { extraFeatureRoots: [FIXTURE.db] })).toEqual(['1000-fixture-notes']);
    await seedDatabase(database.db, { theme: 'nlc', extraFeatureRoots: [FIXTURE.db] });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sweepstack-features-')),
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      ...OPERATOR_ENV,
    });
    app = await build({ config, database, logger: false, extraFeatureRoots: { contracts: [FIXTURE.contracts], server: [FIXTURE.server] } });
    const { on, onBatch } = app.realtime.registry;
    // Two handlers of one event: the first registered fails on its first attempt.
    on(TestIsolation, async function flaky(event, { trx }) {
      seen.flaky += 1;
      await addFixtureNote(trx, 0, `flaky ${event.id}`, 1);
      if (seen.flaky === 1) throw new Error('flaky fails its first attempt');
    });
    on(TestIsolation, async function steady(event, { trx }) {
      seen.steady.push(event.id);
      await addFixtureNote(trx, 0, `steady ${event.id}`, 1);
    });
    onBatch(GameRoundPlayed, async function sizes(events) {
      seen.batchSizes.push(events.length);
    });
    onBatch(GameRoundPlayed, async function picky(events, { trx }) {
      if (!seen.allowPoison && events.some((e) => e.payload.roundId === seen.poison)) throw new Error('poison round');
      for (const event of events) {
        seen.picky.push(event.payload.roundId);
        await addFixtureNote(trx, 0, `picky ${event.payload.roundId}`, 1);
      }
    });
    await app.ready();
    ({ cookie } = await signUpViaApi(app, 'features@example.com'));
    playerId = await playerIdOf(database.db, (await app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } })).json().data.uuid as string);
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const appInit = async (headers: Record<string, string> = {}) => (await app.inject({ method: 'GET', url: '/rest/app/init/', headers })).json().data as { moneyBox: { isActive: boolean }; magicBox: { isActive: boolean } };

  it('discovers a feature folder in every layer without a shared file naming it', async () => {
    expect(app.features.list.map((f) => f.name)).toContain('fixture-notes');
    expect(app.features.jobKinds).toContainEqual({ kind: 'fixture-notes.tidy', feature: 'fixture-notes' });
    expect(app.jobs.registry.kinds()).toContain('fixture-notes.tidy');
    // contracts: its push joined the push catalogue.
    expect(ZPushMessage.safeParse({ type: 'fixtureNotes', action: 'counted', data: { count: 1 } }).success).toBe(true);
    // db: its seed ran; routes: its call answers; handlers: its handler answered with a push event.
    expect(await fixtureNotesOf(database.db, 0)).toContain('seeded');
    const added = await app.inject({ method: 'POST', url: '/rest/fixture-notes/', payload: { note: 'hello' }, headers: { cookie } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ success: true, data: { notes: ['hello'] } });
    const counted = async () => database.db.selectFrom('domain_events').select('push_json').where('type', '=', 'fixture-notes.counted').where('player_id', '=', playerId).execute();
    for (let i = 0; i < 100 && (await counted()).length === 0; i++) await sleep(50);
    expect((await counted()).map((r) => JSON.parse(r.push_json!) as unknown)).toEqual([{ type: 'fixtureNotes', action: 'counted', data: { count: 1 } }]);
  });

  it("mounts its operator routes behind the operator session and the route's roles, with the audit", async () => {
    const admin = await operatorCookie(app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const create = async (email: string, role: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/operator/operators/', payload: { email, password: 'Operator-Pass-1234', role }, headers: { cookie: admin } });
      expect(res.statusCode, res.body).toBe(200);
      return operatorCookie(app, email, 'Operator-Pass-1234');
    };
    const support = await create('support@operators.test', 'support');
    const compliance = await create('compliance@operators.test', 'compliance');
    const setStatus = (headers: Record<string, string>, open: boolean) => app.inject({ method: 'POST', url: '/api/operator/fixture-notes/status/', payload: { open }, headers });
    expect((await setStatus({}, true)).json().error.code).toBe('OPERATOR_AUTH_REQUIRED');
    expect((await setStatus({ cookie: support }, true)).json().error.code).toBe('OPERATOR_FORBIDDEN');
    expect((await appInit({ cookie })).moneyBox).toEqual({ isActive: false });

    const opened = await setStatus({ cookie: compliance }, true);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const audit = await database.db.selectFrom('operator_audit').select(['action', 'operator_email', 'after_json']).where('action', 'like', 'fixture-notes.%').execute();
    expect(audit).toEqual([{ action: 'fixture-notes.status', operator_email: 'compliance@operators.test', after_json: JSON.stringify({ open: true }) }]);
    // app init: the feature's slice answers its key from its status and the player's state rows.
    expect((await appInit({ cookie })).moneyBox).toEqual({ isActive: true });
    expect((await appInit()).moneyBox).toEqual({ isActive: true });
    expect((await appInit({ cookie })).magicBox).toEqual({ isActive: false });

    // Its error code: the catalogue's status and message key.
    expect((await setStatus({ cookie: admin }, false)).statusCode).toBe(200);
    const closed = await app.inject({ method: 'POST', url: '/rest/fixture-notes/', payload: { note: 'late' }, headers: { cookie } });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({ code: 'FIXTURE_NOTES_CLOSED', messageKey: 'errors.fixtureNotesClosed' });
    expect(await fixtureNotesOf(database.db, playerId)).toEqual(['hello']);
  });

  it('refuses to record an undeclared event or a payload that fails its schema, and the whole transaction rolls back', async () => {
    const attempt = (event: NewDomainEvent) =>
      database.db.transaction().execute(async (trx) => {
        await addFixtureNote(trx, 99, 'must not stay', 1);
        await recordEvent(trx, event);
      });
    await expect(attempt({ type: 'game.round-playd', payload: roundPayload(1) })).rejects.toThrow(InvalidEventError);
    await expect(attempt({ type: GameRoundPlayed.name, payload: { ...roundPayload(1), win: -5 } })).rejects.toThrow(/game\.round-played.*win/);
    await expect(attempt({ type: GameRoundPlayed.name, payload: { roundId: 1 } })).rejects.toThrow(InvalidEventError);
    expect(await fixtureNotesOf(database.db, 99)).toEqual([]);
  });

  it("keeps each handler's own retry state: a failing handler never holds back the other handler of the event", async () => {
    const id = await recordEvent(database.db, { type: 'test.isolation', payload: {} });
    await waitUntil(() => seen.steady.includes(id) && seen.flaky === 1, 5000, 'both handlers ran once');
    await app.realtime.dispatcher.idle();
    // steady's effect is in, flaky's rolled back with its receipt and waits for its own retry.
    const notes = await fixtureNotesOf(database.db, 0);
    expect(notes).toContain(`steady ${id}`);
    expect(notes).not.toContain(`flaky ${id}`);
    const retry = await database.db.selectFrom('domain_event_handler_retries').selectAll().where('event_id', '=', id).execute();
    expect(retry.map((r) => ({ handler: r.handler, attempts: Number(r.attempts) }))).toEqual([{ handler: 'test.isolation:flaky', attempts: 1 }]);
    // Another event of the same type meanwhile goes through both at once.
    const next = await recordEvent(database.db, { type: 'test.isolation', payload: {} });
    await waitUntil(() => seen.steady.includes(next) && seen.flaky === 2, 5000, 'the next event');
    // flaky's retry (1 s later) runs only flaky: steady ran exactly once per event.
    await waitUntil(() => seen.flaky === 3, 5000, "flaky's retry");
    await app.realtime.dispatcher.idle();
    expect(seen.steady.filter((e) => e === id)).toHaveLength(1);
    const after = await fixtureNotesOf(database.db, 0);
    expect(after.filter((n) => n === `flaky ${id}`)).toHaveLength(1);
    expect(after.filter((n) => n === `steady ${id}`)).toHaveLength(1);
    expect(await countUndispatchedEvents(database.db)).toBe(0);
  });

  it('hands a batch handler the events of a pass in one transaction, and isolates an event its batch fails on', async () => {
    seen.batchSizes.length = 0;
    const first = await database.db.transaction().execute((trx) => recordEvents(trx, Array.from({ length: 30 }, (_, i) => ({ type: GameRoundPlayed.name, playerId, payload: roundPayload(1000 + i) }))));
    await waitUntil(() => seen.picky.length >= 30, 5000, 'thirty rounds');
    await app.realtime.dispatcher.idle();
    expect(seen.batchSizes).toEqual([30]);
    // The fixture feature's batch handler wrote one note per round, once.
    expect((await fixtureNotesOf(database.db, playerId)).filter((n) => n.startsWith('round '))).toHaveLength(30);
    const receipts = await database.db.selectFrom('domain_event_receipts').select('handler').where('event_id', 'in', first).execute();
    expect(receipts.filter((r) => r.handler === 'game.round-played:picky')).toHaveLength(30);
    expect(receipts.filter((r) => r.handler === 'fixture-notes:game.round-played:noteRounds')).toHaveLength(30);

    // One poison event among ten: the batch fails, its nine others pass one by one, the poison retries alone.
    seen.poison = 2005;
    seen.picky.length = 0;
    await database.db.transaction().execute((trx) => recordEvents(trx, Array.from({ length: 10 }, (_, i) => ({ type: GameRoundPlayed.name, playerId, payload: roundPayload(2000 + i) }))));
    await waitUntil(() => seen.picky.length === 9, 5000, 'the nine good rounds');
    await app.realtime.dispatcher.idle();
    expect(seen.picky).not.toContain(2005);
    seen.allowPoison = true;
    await waitUntil(() => seen.picky.includes(2005), 5000, 'the poison round on its retry');
    await app.realtime.dispatcher.idle();
    const picked = (await fixtureNotesOf(database.db, 0)).filter((n) => n.startsWith('picky 20'));
    expect(picked.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `picky ${2000 + i}`));
    expect(await countUndispatchedEvents(database.db)).toBe(0);
  });
});
