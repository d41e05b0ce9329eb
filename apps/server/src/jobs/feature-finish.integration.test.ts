import { findJob } from '@sweepstack/db/jobs/repository';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { FEATURE_FINISH_JOB, scheduleFeatureFinish } from './kinds/feature-finish';

describe.each(dialectsUnderTest())('feature finish timers (spec §4) as jobs on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
  const warnings: unknown[] = [];
  const log = { warn: (entry: unknown) => void warnings.push(entry) };
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { JOBS_RUNNER: 'false' }, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const finishedEvents = async () =>
    (await t.database.db.selectFrom('domain_events').select(['payload_json', 'created_at_ms']).where('type', '=', 'feature.finished').orderBy('id').execute()).map((r) => ({
      ...(JSON.parse(r.payload_json) as object),
      atMs: Number(r.created_at_ms),
    }));

  it('records feature.finished at the finish time, once, however often the timer is set', async () => {
    const finishAtMs = clock.nowMs() + 3_600_000;
    const first = await t.database.db.transaction().execute((trx) => scheduleFeatureFinish(trx, { feature: 'scratch-cards', instance: 'spring', finishAtMs }, { clock, log }));
    expect(first).toMatchObject({ scheduled: true });
    const again = await t.database.db.transaction().execute((trx) => scheduleFeatureFinish(trx, { feature: 'scratch-cards', instance: 'spring', finishAtMs }, { clock, log }));
    expect(again).toMatchObject({ scheduled: false, status: 'pending' });
    clock.advance(3_599_999);
    await t.app.jobs.runner.runDue();
    expect(await finishedEvents()).toEqual([]);
    clock.advance(1);
    await t.app.jobs.runner.runDue();
    clock.advance(60_000);
    await t.app.jobs.runner.runDue();
    expect(await finishedEvents()).toEqual([{ feature: 'scratch-cards', instance: 'spring', finishedAtMs: finishAtMs, atMs: finishAtMs }]);
    expect(await findJob(t.database.db, FEATURE_FINISH_JOB, `scratch-cards:spring:${finishAtMs}`)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('an already finished feature gives a warning only; beyond 86400 s the server still sets its durable job', async () => {
    const past = await t.database.db.transaction().execute((trx) => scheduleFeatureFinish(trx, { feature: 'deposit-streak', instance: 'p-7', finishAtMs: clock.nowMs() - 1, playerId: null }, { clock, log }));
    expect(past).toEqual({ scheduled: false, alreadyFinished: true });
    expect(warnings).toEqual([expect.objectContaining({ feature: 'deposit-streak', instance: 'p-7' })]);
    expect(await t.database.db.selectFrom('jobs').select('id').where('kind', '=', FEATURE_FINISH_JOB).where('key', 'like', 'deposit-streak:%').execute()).toEqual([]);

    const far = clock.nowMs() + 3 * 86_400_000;
    expect(await t.database.db.transaction().execute((trx) => scheduleFeatureFinish(trx, { feature: 'deposit-streak', instance: 'p-8', finishAtMs: far }, { clock, log }))).toMatchObject({ scheduled: true });
    await expect(t.database.db.transaction().execute((trx) => scheduleFeatureFinish(trx, { feature: 'Bad Name', instance: 'x', finishAtMs: far }, { clock, log }))).rejects.toThrow();
  });
});
