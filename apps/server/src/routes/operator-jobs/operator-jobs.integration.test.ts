import { findJob, scheduleJob } from '@sweepstack/db/jobs/repository';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob } from '../../jobs/registry';
import { OPERATOR_ENV, operatorCookie } from '../../kyc/testing';
import { ManualClock } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(dialectsUnderTest())('operator API for durable jobs on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let support: string;
  const clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
  let failing = true;
  const ran: string[] = [];

  beforeAll(async () => {
    // The background runner stays off: the test runs due jobs by hand on its fake clock.
    t = await createTestApp(dialect, { env: { ...OPERATOR_ENV, JOBS_RUNNER: 'false' }, clock });
    t.app.jobs.define(
      defineJob({
        kind: 'test.operator-visible',
        maxAttempts: 2,
        backoff: () => 1000,
        run(job) {
          if (failing) throw new Error(`the mail server refused ${job.key}`);
          ran.push(job.key);
        },
      }),
    );
    t.app.jobs.define(defineJob({ kind: 'test.nightly', schedule: { cron: '0 3 * * *', timeZone: 'America/New_York', missed: 'skip', graceMs: 0 }, run: () => undefined }));
    admin = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const created = await t.app.inject({ method: 'POST', url: '/api/operator/operators/', payload: { email: 'support-jobs@operators.test', password: 'Operator-Pass-1234', role: 'support' }, headers: { cookie: admin } });
    expect(created.statusCode, created.body).toBe(200);
    support = await operatorCookie(t.app, 'support-jobs@operators.test', 'Operator-Pass-1234');
  });
  afterAll(async () => {
    await t.close();
  });

  const op = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: cookie ? { cookie } : {} });

  it('lists a dead job with its error; support reads, only admin retries; a retry runs it again and is audited', async () => {
    await scheduleJob(t.database.db, 'test.operator-visible', 'mail-1', clock.nowMs(), { to: 'a@example.com' }, { clock });
    await t.app.jobs.runner.runDue();
    clock.advance(1000);
    await t.app.jobs.runner.runDue();
    const dead = await op('GET', '/api/operator/jobs/?status=dead&kind=test.operator-visible', support);
    expect(dead.statusCode, dead.body).toBe(200);
    const job = dead.json().data.jobs[0];
    expect(job).toMatchObject({ kind: 'test.operator-visible', key: 'mail-1', status: 'dead', attempts: 2, lastError: 'the mail server refused mail-1', payload: { to: 'a@example.com' } });
    expect(dead.json().data.counts).toMatchObject({ dead: 1 });
    expect(dead.headers['cache-control']).toBe('no-store');

    expect((await op('POST', `/api/operator/jobs/${job.id}/retry/`, support, {})).json().error.code).toBe('OPERATOR_FORBIDDEN');
    expect((await op('GET', '/api/operator/jobs/', undefined)).statusCode).toBe(401);

    failing = false;
    const retried = await op('POST', `/api/operator/jobs/${job.id}/retry/`, admin, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'pending', attempts: 0, runAtMs: clock.nowMs(), lastError: 'the mail server refused mail-1' });
    await t.app.jobs.runner.runDue();
    expect(ran).toEqual(['mail-1']);
    expect((await op('GET', `/api/operator/jobs/${job.id}/`, support)).json().data).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    // A done job cannot be retried (its effect happened) nor cancelled.
    const again = await op('POST', `/api/operator/jobs/${job.id}/retry/`, admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('OPERATOR_JOB_STATE_CONFLICT');
    expect((await op('POST', `/api/operator/jobs/${job.id}/cancel/`, admin, {})).statusCode).toBe(409);

    const auditLog = await op('GET', '/api/operator/audit/?limit=5', admin);
    expect(auditLog.json().data.find((a: { action: string }) => a.action === 'job.retry')).toMatchObject({ targetType: 'job', targetId: String(job.id), before: { status: 'dead', attempts: 2 }, after: { status: 'pending' } });
  });

  it('cancels a waiting job so that it never runs; unknown ids and bad queries are clear errors', async () => {
    await scheduleJob(t.database.db, 'test.operator-visible', 'mail-2', clock.nowMs() + 60_000, {}, { clock });
    const id = (await findJob(t.database.db, 'test.operator-visible', 'mail-2'))!.id;
    const cancelled = await op('POST', `/api/operator/jobs/${id}/cancel/`, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    clock.advance(120_000);
    await t.app.jobs.runner.runDue();
    expect(ran).not.toContain('mail-2');
    expect((await op('POST', `/api/operator/jobs/${id}/cancel/`, admin, {})).json().error.code).toBe('OPERATOR_JOB_STATE_CONFLICT');
    // A cancelled job can be run again by an operator.
    expect((await op('POST', `/api/operator/jobs/${id}/retry/`, admin, {})).json().data.status).toBe('pending');
    await t.app.jobs.runner.runDue();
    expect(ran).toContain('mail-2');

    expect((await op('GET', '/api/operator/jobs/999999/', admin)).json().error.code).toBe('OPERATOR_JOB_NOT_FOUND');
    expect((await op('POST', '/api/operator/jobs/999999/retry/', admin, {})).statusCode).toBe(404);
    for (const query of ['status=sleeping', 'limit=0', 'kind=Not%20A%20Kind', 'before=-1', 'extra=1']) {
      const res = await op('GET', `/api/operator/jobs/?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('shows recurring schedules and lets admin change the cron expression (checked) with an audit row', async () => {
    await t.app.jobs.runner.runDue();
    const list = await op('GET', '/api/operator/job-schedules/', support);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((s: { kind: string }) => s.kind === 'test.nightly')).toMatchObject({ cron: '0 3 * * *', timeZone: 'America/New_York', enabled: true, missed: 'skip', defaultCron: '0 3 * * *' });

    const bad = await op('POST', '/api/operator/job-schedules/test.nightly/', admin, { cron: '61 * * * *' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { cron: expect.any(String) } });
    expect((await op('POST', '/api/operator/job-schedules/test.nightly/', admin, { timeZone: 'Mars/Olympus' })).json().error.fields).toHaveProperty('timeZone');
    expect((await op('POST', '/api/operator/job-schedules/test.nightly/', admin, {})).statusCode).toBe(400);
    expect((await op('POST', '/api/operator/job-schedules/test.nightly/', support, { enabled: false })).statusCode).toBe(403);
    expect((await op('POST', '/api/operator/job-schedules/test.nothing/', admin, { enabled: false })).json().error.code).toBe('OPERATOR_JOB_SCHEDULE_NOT_FOUND');

    const changed = await op('POST', '/api/operator/job-schedules/test.nightly/', admin, { cron: '30 4 * * 1-5', enabled: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ cron: '30 4 * * 1-5', enabled: false });
    const auditLog = await op('GET', '/api/operator/audit/?limit=3', admin);
    expect(auditLog.json().data[0]).toMatchObject({ action: 'job-schedule.update', targetId: 'test.nightly', before: { cron: '0 3 * * *', enabled: true }, after: { cron: '30 4 * * 1-5', enabled: false } });
  });
});
