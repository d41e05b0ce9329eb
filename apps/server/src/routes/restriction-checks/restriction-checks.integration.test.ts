import { ZBlockReportResponse, ZLocationCheckResponse } from '@sweepstack/contracts/app/restriction-checks';
import { listPlayerLocations } from '@sweepstack/db/geo/repository';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ENV, operatorCookie, playerIdOf } from '../../kyc/testing';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Seeded operator data (docs/geo-restriction.md): WA and NY are restricted, TX and OR are not; the
// sandbox IP ranges of content/geo/ip-ranges.json place 198.51.100.0/24 in WA, 203.0.113.0/25 in TX,
// 192.0.2.128/25 in Canada and 2001:db8::/32 in Ohio.
let counter = 0;
const email = () => `geocheck-${(counter += 1)}@geo.test`;

describe.each(dialectsUnderTest())('location checks on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-05-01T10:00:00Z'));

  beforeAll(async () => {
    // One trusted proxy: the client address is the last X-Forwarded-For entry (docs/security.md).
    t = await createTestApp(dialect, { seed: true, clock, env: { ...OPERATOR_ENV, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1', OUTBOX_DISPATCHER: 'false' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const geo = (query: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/rest/restriction/player/geo/check/?${query}`, headers: cookie ? { cookie } : {} });
  const ipCheck = (forwardedFor: string | null, cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/rest/restriction/player/ip/check/', remoteAddress: '10.0.0.2', headers: { ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...(cookie ? { cookie } : {}) } });
  const block = (payload: unknown, options: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({ method: 'POST', url: '/rest/restriction/player/block/', remoteAddress: '10.0.0.2', payload: payload as object, headers: { 'x-forwarded-for': options.ip ?? '203.0.113.50', ...(options.cookie ? { cookie: options.cookie } : {}) } });
  const data = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return ZLocationCheckResponse.parse(res.json()).data;
  };

  it('geo check: points inside states, a restricted one, near borders, DC and islands', async () => {
    const cases: Array<[string, number, number, string, boolean]> = [
      ['Austin', 30.2672, -97.7431, 'TX', true],
      ['Seattle', 47.6062, -122.3321, 'WA', false],
      ['Manhattan', 40.7128, -74.006, 'NY', false],
      // Across the Hudson from Manhattan, about 3 km away.
      ['Jersey City', 40.7178, -74.0431, 'NJ', false],
      // Portland and Vancouver face each other across the Columbia (about 14 km apart).
      ['Portland', 45.5152, -122.6784, 'OR', true],
      ['Vancouver WA', 45.6387, -122.6615, 'WA', false],
      // Kansas City on both sides of the state line, about 4 km apart.
      ['Kansas City MO', 39.0997, -94.5786, 'MO', true],
      ['Kansas City KS', 39.1141, -94.6275, 'KS', true],
      ['Texarkana TX', 33.4251, -94.0477, 'TX', true],
      ['Texarkana AR', 33.4418, -94.0377, 'AR', true],
      ['Washington DC', 38.9072, -77.0369, 'DC', true],
      ['Honolulu', 21.3069, -157.8583, 'HI', true],
      ['Anchorage', 61.2181, -149.9003, 'AK', true],
      // Attu, the last Aleutian island, is west of the antimeridian.
      ['Attu', 52.85, 173.18, 'AK', true],
    ];
    for (const [name, latitude, longitude, state, access] of cases) {
      const body = data(await geo(`latitude=${latitude}&longitude=${longitude}`));
      expect(body, name).toEqual({ access, reason: access ? 'allowed' : 'state_restricted', country: 'US', state });
    }
  });

  it('geo check: outside the US, and a US territory, are outside the service area', async () => {
    for (const [latitude, longitude] of [
      [43.6532, -79.3832], // Toronto
      [19.4326, -99.1332], // Mexico City
      [35, -60], // the Atlantic
      [0, 0],
    ]) {
      expect(data(await geo(`latitude=${latitude}&longitude=${longitude}`))).toEqual({ access: false, reason: 'outside_service_area', country: null, state: null });
    }
    expect(data(await geo('latitude=18.4655&longitude=-66.1057'))).toEqual({ access: false, reason: 'outside_service_area', country: 'US', state: 'PR' });
  });

  it('geo check: bad input is a 400 with VALIDATION_FAILED, never a 500', async () => {
    for (const query of ['', 'latitude=30', 'longitude=-97', 'latitude=91&longitude=0', 'latitude=0&longitude=-180.5', 'latitude=abc&longitude=1', 'latitude=&longitude=', 'latitude=1e1&longitude=1', 'latitude=0x10&longitude=1', 'latitude=NaN&longitude=1', 'latitude=Infinity&longitude=1', 'latitude=1&longitude=1&latitude=2', 'latitude=1&longitude=1&state=WA', `latitude=${'1'.repeat(400)}&longitude=1`]) {
      const res = await geo(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    // Bounds are inclusive, and a sign is accepted.
    const edge = await geo('latitude=-90&longitude=180');
    expect(edge.statusCode, edge.body).toBe(200);
    expect((await geo('latitude=%2B30.2672&longitude=-97.7431')).statusCode).toBe(200);
  });

  it('ip check: the request address as the trusted proxy reports it, by the sandbox ranges', async () => {
    expect(data(await ipCheck('203.0.113.9'))).toEqual({ access: true, reason: 'allowed', country: 'US', state: 'TX' });
    expect(data(await ipCheck('198.51.100.77'))).toEqual({ access: false, reason: 'state_restricted', country: 'US', state: 'WA' });
    expect(data(await ipCheck('192.0.2.10'))).toEqual({ access: false, reason: 'state_restricted', country: 'US', state: 'NY' });
    expect(data(await ipCheck('192.0.2.200'))).toEqual({ access: false, reason: 'outside_service_area', country: 'CA', state: null });
    expect(data(await ipCheck('2001:db8::42'))).toEqual({ access: true, reason: 'allowed', country: 'US', state: 'OH' });
    // Only the entry the trusted proxy appended counts: a forged left-most entry does not.
    expect(data(await ipCheck('198.51.100.77, 203.0.113.9'))).toMatchObject({ state: 'TX' });
    // Loopback, private and unplaced public addresses are unknown: not refused.
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '::1', '8.8.8.8', null]) {
      expect(data(await ipCheck(ip)), String(ip)).toEqual({ access: true, reason: 'unknown', country: null, state: null });
    }
    const res = await t.app.inject({ method: 'GET', url: '/rest/restriction/player/ip/check/?ip=198.51.100.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it("a signed-in player's located state is kept per source and joins the Fortune Coin refusal", async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, email());
    const id = await playerIdOf(t.database.db, uuid);
    const switchToFc = () => t.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie } });
    const toGc = () => t.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-tournament-points/', headers: { cookie } });

    // Unknown address: nothing kept; FC allowed.
    data(await ipCheck('127.0.0.1', cookie));
    expect(await listPlayerLocations(t.database.db, id)).toEqual([]);
    expect((await switchToFc()).statusCode).toBe(200);
    expect((await toGc()).statusCode).toBe(200);

    // Located in Washington by address: kept, and FC play is refused.
    expect(data(await ipCheck('198.51.100.5', cookie)).access).toBe(false);
    expect(await listPlayerLocations(t.database.db, id)).toMatchObject([{ source: 'ip', country: 'US', state: 'WA' }]);
    const refused = await switchToFc();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'GEO_SWEEPSTAKES_RESTRICTED' } });

    // A later unknown answer leaves it; a later located answer replaces it (the player moved).
    data(await ipCheck('10.0.0.9', cookie));
    expect((await switchToFc()).statusCode).toBe(403);
    data(await ipCheck('203.0.113.9', cookie));
    expect(await listPlayerLocations(t.database.db, id)).toMatchObject([{ source: 'ip', state: 'TX' }]);
    expect((await switchToFc()).statusCode).toBe(200);
    expect((await toGc()).statusCode).toBe(200);

    // The device's coordinates are kept apart: Seattle refuses even while the address says Texas.
    expect(data(await geo('latitude=47.6062&longitude=-122.3321', cookie)).state).toBe('WA');
    expect(await listPlayerLocations(t.database.db, id)).toMatchObject([
      { source: 'geo', state: 'WA' },
      { source: 'ip', state: 'TX' },
    ]);
    expect((await switchToFc()).statusCode).toBe(403);
    // Outside the US by coordinates names no country: nothing is replaced.
    data(await geo('latitude=43.6532&longitude=-79.3832', cookie));
    expect((await switchToFc()).statusCode).toBe(403);
    data(await geo('latitude=30.2672&longitude=-97.7431', cookie));
    expect((await switchToFc()).statusCode).toBe(200);

    // A guest's check keeps nothing.
    const before = await t.database.db.selectFrom('player_locations').select('player_id').execute();
    data(await ipCheck('198.51.100.5'));
    expect(await t.database.db.selectFrom('player_locations').select('player_id').execute()).toHaveLength(before.length);
  });

  it('block reports: once per app kind a day, per player or per guest address; meta validated; operators read them', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, email());
    const id = await playerIdOf(t.database.db, uuid);
    const meta = { reason: 'user denied', isMobile: true, os: 'iOS', browser: 'Safari', browserVersion: '17.4' };
    const recorded = async (res: { statusCode: number; body: string; json: () => unknown }) => {
      expect(res.statusCode, res.body).toBe(200);
      return ZBlockReportResponse.parse(res.json()).data.recorded;
    };
    const rowsOf = async () => t.database.db.selectFrom('geo_block_reports').selectAll().where('player_id', '=', id).orderBy('id').execute();

    expect(await recorded(await block({ apps: ['system'], meta }, { cookie }))).toEqual(['system']);
    expect(await recorded(await block({ apps: ['system', 'geo'], meta: JSON.stringify({ reason: 'state blocked' }) }, { cookie }))).toEqual(['geo']);
    expect(await recorded(await block({ apps: ['geo', 'system', 'geo'] }, { cookie, ip: '198.51.100.9' }))).toEqual([]);
    const rows = await rowsOf();
    expect(rows.map((r) => [r.app, r.reason, r.ip])).toEqual([
      ['system', 'user denied', '203.0.113.50'],
      ['geo', 'state blocked', '203.0.113.50'],
    ]);
    expect(JSON.parse(rows[0]!.meta_json!)).toEqual(meta);

    // A guest is counted by address: two guests at two addresses report apart, the same one once.
    expect(await recorded(await block({ apps: ['maxmind'] }, { ip: '192.0.2.33' }))).toEqual(['maxmind']);
    expect(await recorded(await block({ apps: ['maxmind'] }, { ip: '192.0.2.33' }))).toEqual([]);
    expect(await recorded(await block({ apps: ['maxmind', 'cloudflare'] }, { ip: '192.0.2.34' }))).toEqual(['cloudflare', 'maxmind']);

    // The next UTC day reports again.
    clock.advance(24 * 60 * 60 * 1000);
    expect(await recorded(await block({ apps: ['system'] }, { cookie }))).toEqual(['system']);
    expect((await rowsOf()).map((r) => r.day)).toEqual(['2026-05-01', '2026-05-01', '2026-05-02']);

    // Bad bodies: a stable 400, and nothing written.
    const count = (await t.database.db.selectFrom('geo_block_reports').select('id').execute()).length;
    for (const body of [
      {},
      { apps: [] },
      { apps: ['gps'] },
      { apps: 'geo' },
      { apps: ['geo'], meta: { reason: 'x'.repeat(201) } },
      { apps: ['geo'], meta: { os: 'x'.repeat(121) } },
      { apps: ['geo'], meta: { isMobile: 'yes' } },
      { apps: ['geo'], meta: { reason: 'ok', extra: 1 } },
      { apps: ['geo'], meta: 'not json' },
      { apps: ['geo'], meta: JSON.stringify({ reason: 'x'.repeat(3000) }) },
      { apps: ['geo'], meta: 42 },
      { apps: ['geo'], other: true },
    ]) {
      const res = await block(body, { cookie, ip: '192.0.2.99' });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await t.database.db.selectFrom('geo_block_reports').select('id').execute()).length).toBe(count);

    // Operators: signed in, any role, newest first, filtered; every read is audited.
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/geo-blocks/' })).statusCode).toBe(401);
    const admin = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const created = await t.app.inject({ method: 'POST', url: '/api/operator/operators/', payload: { email: `support-geo-${dialect}@operators.test`, password: 'Operator-Pass-1234', role: 'support' }, headers: { cookie: admin } });
    expect(created.statusCode, created.body).toBe(200);
    const support = await operatorCookie(t.app, `support-geo-${dialect}@operators.test`, 'Operator-Pass-1234');
    const read = await t.app.inject({ method: 'GET', url: `/api/operator/geo-blocks/?playerId=${id}`, headers: { cookie: support } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const reports = (read.json() as { data: Array<{ playerId: number; app: string; day: string; meta: unknown }> }).data;
    expect(reports.map((r) => [r.app, r.day])).toEqual([
      ['system', '2026-05-02'],
      ['geo', '2026-05-01'],
      ['system', '2026-05-01'],
    ]);
    expect(reports[2]).toMatchObject({ playerId: id, meta });
    const guests = (await t.app.inject({ method: 'GET', url: '/api/operator/geo-blocks/?app=maxmind&limit=5', headers: { cookie: support } })).json() as { data: Array<{ playerId: number | null; ip: string }> };
    expect(guests.data.map((r) => [r.playerId, r.ip])).toEqual([
      [null, '192.0.2.34'],
      [null, '192.0.2.33'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/geo-blocks/?app=gps', headers: { cookie: support } })).statusCode).toBe(400);
    const auditLog = (await t.app.inject({ method: 'GET', url: '/api/operator/audit/?limit=3', headers: { cookie: admin } })).json() as { data: Array<{ action: string }> };
    expect(auditLog.data.map((a) => a.action)).toContain('geo_blocks.read');
  });
});
