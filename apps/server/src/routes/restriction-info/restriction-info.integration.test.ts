import { ZRestrictionInfoResponse } from '@sweepstack/contracts/app/restriction-info';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(dialectsUnderTest())('GET /rest/restriction/info/ on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the restricted states from the operator data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/restriction/info/' });
    expect(res.statusCode).toBe(200);
    const body = ZRestrictionInfoResponse.parse(res.json());
    expect(body.success).toBe(true);
    const codes = body.data.states.map((s) => s.code);
    expect(codes).toEqual(expect.arrayContaining(['WA', 'ID', 'MI', 'NV', 'MT', 'CT', 'LA']));
    expect(body.data.states.find((s) => s.code === 'WA')?.name).toBe('Washington');
    expect(new Set(codes).size).toBe(codes.length);
    expect(body.data.deviceCheck).toBe(true);
  });

  it('tells the web when the operator turned the device location check off', async () => {
    const off = await createTestApp(dialect, { env: { GEO_DEVICE_CHECK: 'false' } });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/rest/restriction/info/' });
      expect(res.statusCode).toBe(200);
      expect(ZRestrictionInfoResponse.parse(res.json()).data.deviceCheck).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('refuses unknown query fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/restriction/info/?state=WA' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
