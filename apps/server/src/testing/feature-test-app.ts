import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import type { DialectName } from '@sweepstack/db/connection';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { OPERATOR_ENV, operatorCookie } from '../kyc/testing';
import { type ManualClock, signUpViaApi } from './auth-helpers';
import { createTestApp, type TestApp } from './test-app';

/** The payment sandbox as a test drives it: no background worker, no duplicated or reordered webhooks. */
export const DETERMINISTIC_SANDBOX = { PAYMENTS_SANDBOX_MODE: 'deterministic', PAYMENTS_SANDBOX_WORKER: 'false', PAYMENTS_SANDBOX_DUPLICATE_RATE: '0', PAYMENTS_SANDBOX_REORDER_RATE: '0' } as const;

export interface TestPlayer {
  cookie: string;
  id: number;
  uuid: string;
}

export interface FeatureTestOptions {
  /** Names the test's players (`<name>3.sqlite@example.com`) and the keys of their test credits. */
  name: string;
  clock?: ManualClock;
  /** Added to the operator's bootstrap account and, unless `jobsRunner`, JOBS_RUNNER=false. */
  env?: Record<string, string>;
  /** Leave the durable job runner on (default off: the test runs due jobs with `app.jobs.runner.runDue`). */
  jobsRunner?: boolean;
  /** Seed the content file's quest running, as `npm start` does (default off: it pays for rounds). */
  seededQuestsRunning?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * The setup that every feature's integration test repeats: a seeded app on the dialect with the operator's
 * bootstrap account, an operator session renewed when it expires (tests walk the clock by days, and
 * sign-ins are rate limited), players signed up through the API and optionally funded through the ledger,
 * and a wait for the outbox. `hooks()` registers setup, close and the ledger check after every test
 * (money is never created or lost).
 */
export function featureTestApp(dialect: DialectName, options: FeatureTestOptions) {
  const ctx = {} as { t: TestApp };
  let players = 0;
  let operatorSession: string | null = null;
  const app = () => ctx.t.app;
  const db = () => ctx.t.database.db;
  const signIn = () => operatorCookie(app(), OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);

  const h = {
    clock: options.clock,
    app,
    db,
    test: () => ctx.t,
    setup: async (): Promise<void> => {
      const jobs: Record<string, string> = options.jobsRunner ? {} : { JOBS_RUNNER: 'false' };
      ctx.t = await createTestApp(dialect, { seed: true, seededQuestsRunning: options.seededQuestsRunning ?? false, ...(options.clock ? { clock: options.clock } : {}), env: { ...OPERATOR_ENV, ...jobs, ...options.env } });
    },
    close: async (): Promise<void> => {
      await ctx.t?.close();
    },
    /** Registers setup before the tests, the ledger check after each, and close after all. */
    hooks: () => {
      beforeAll(h.setup, 120_000);
      afterEach(async () => {
        await expectLedgerBalanced(db());
      });
      afterAll(h.close);
      return h;
    },
    /** The operator's session cookie; a new sign-in when `fresh` or none yet. */
    operatorCookie: async (fresh = false): Promise<string> => {
      if (fresh || operatorSession === null) operatorSession = await signIn();
      return operatorSession;
    },
    /** An operator API call (`url` after `/api/operator`), signing in again when the session expired. */
    operator: async (method: Method, url: string, payload?: unknown) => {
      const send = (cookie: string) => app().inject({ method, url: `/api/operator${url}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
      const res = await send(await h.operatorCookie());
      return res.statusCode === 401 ? send(await h.operatorCookie(true)) : res;
    },
    /** A new player signed up through the API, credited `fund` (in coins or cents) from the promotions account. */
    signUp: async (fund: { GC?: number; FC?: number } = {}): Promise<TestPlayer> => {
      const { cookie, uuid } = await signUpViaApi(app(), `${options.name}${++players}.${dialect}@example.com`);
      const id = (await findPlayerByUuid(db(), uuid))!.id;
      if (fund.GC) await transfer(db(), { idempotencyKey: `${options.name}-test-credit:${id}:GC`, from: { system: 'promotions' }, to: { playerId: id, kind: 'player_balance' }, currency: 'GC', amount: fund.GC, reason: 'promotion' });
      if (fund.FC) await transfer(db(), { idempotencyKey: `${options.name}-test-credit:${id}:FC`, from: { system: 'promotions' }, to: { playerId: id, kind: 'player_unplayed' }, currency: 'FC', amount: fund.FC, reason: 'promotion' });
      return { cookie, id, uuid };
    },
    /** Waits until the outbox dispatched every recorded event (their handlers ran after their commits); a failing handler fails the test. */
    settle: async (): Promise<void> => {
      for (let i = 0; i < 400; i++) {
        await app().realtime.dispatcher.idle();
        const left = await db().selectFrom('domain_events').select('id').where('dispatched_at_ms', 'is', null).executeTakeFirst();
        if (!left) {
          const failing = await db().selectFrom('domain_event_handler_retries').select(['handler', 'last_error']).execute();
          if (failing.length > 0) throw new Error(`event handlers failing: ${JSON.stringify(failing)}`);
          return;
        }
        await sleep(25);
      }
      throw new Error('events were not dispatched within 10 s');
    },
  };
  return h;
}
