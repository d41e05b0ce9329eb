import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startExclusion } from '../../responsible-play/exclusions';
import { ManualClock } from '../../testing/auth-helpers';
import { featureTestApp } from '../../testing/feature-test-app';

const DAY_MS = 86_400_000;
/** Noon in New York (the default operator time zone) on Friday 2027-01-08. */
const START_MS = Date.parse('2027-01-08T17:00:00Z');
const PROFILE = { name: 'Ada', surname: 'Lovelace', birthday: '1990-02-03', zip: '98101', city: 'Seattle', address: '12 Main St.', phone: '+15551234567' };

describe.each(dialectsUnderTest())('free entry (AMOE) on %s', (dialect) => {
  const clock = new ManualClock(START_MS);
  const h = featureTestApp(dialect, { name: 'free-entry', clock }).hooks();
  const db = h.db;
  let app: FastifyInstance;
  beforeAll(() => {
    app = h.app();
  });

  const operator = async () => ({ cookie: await h.operatorCookie(true) });
  const player = h.signUp;
  const info = async (cookie?: string) => {
    const res = await app.inject({ method: 'GET', url: '/rest/free-entry/', headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const online = (cookie?: string) => app.inject({ method: 'POST', url: '/rest/free-entry/online/', headers: cookie ? { cookie } : {}, payload: {} });
  const mailCode = (cookie: string) => app.inject({ method: 'POST', url: '/rest/free-entry/mail-code/', headers: { cookie }, payload: {} });
  const fc = async (id: number) => (await getPlayerBalance(db(), id)).entries;
  /** The operator day (New York) of an instant: a request's day, a postmark. */
  const dayOf = (at: string | number) => operatorDay(typeof at === 'number' ? at : Date.parse(at), 'America/New_York');
  let households = 0;
  /** A return address no other test uses (its own household). */
  const household = () => ({ streetLine: `${++households} Elm Street, Apt. ${dialect.length}`, postalCode: '98101' });
  const settings = async (patch: Record<string, unknown>) => {
    const headers = await operator();
    const current = (await app.inject({ method: 'GET', url: '/api/operator/free-entry/settings/', headers })).json().data;
    const res = await app.inject({ method: 'PUT', url: '/api/operator/free-entry/settings/', headers, payload: { ...current, ...patch } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells a guest the rules and refuses a guest request', async () => {
    const data = await info();
    expect(data).toMatchObject({ isActive: true, reason: 'guest', online: { entries: 1, available: false, automatic: true }, mail: { entries: 5, available: false }, decisionBusinessDays: 5, requests: [] });
    expect(data.mail.address.length).toBeGreaterThanOrEqual(2);
    const res = await online();
    expect(res.statusCode).toBe(401);
  });

  it('credits an online request at once, exactly once, and refuses a second one the same operator day', async () => {
    const { cookie, id } = await player();
    const before = await fc(id);
    const res = await online(cookie);
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().data.request;
    expect(request).toMatchObject({ channel: 'online', status: 'credited', entries: 1 });
    expect(request.code).toMatch(/^FE-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await fc(id)).toBe(before + 100);
    const again = await online(cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('FREE_ENTRY_DAILY_LIMIT');
    expect(await fc(id)).toBe(before + 100);
    const data = await info(cookie);
    expect(data.online).toMatchObject({ available: false });
    expect(Date.parse(data.online.nextAvailableAt)).toBe(Date.parse('2027-01-09T05:00:00Z'));
    expect(data.requests).toHaveLength(1);
    // The coins land unplayed: the ledger's transfer is keyed by the request.
    const transfers = await db().selectFrom('ledger_transfers').select(['idempotency_key', 'amount']).where('idempotency_key', '=', `free-entry:${request.id}:FC`).execute();
    expect(transfers.map((t) => Number(t.amount))).toEqual([100]);
    // The next operator day opens a new request.
    clock.advance(DAY_MS);
    expect((await online(cookie)).statusCode).toBe(200);
    expect(await fc(id)).toBe(before + 200);
  });

  it('lets only one of two concurrent online requests through', async () => {
    const { cookie, id } = await player();
    const before = await fc(id);
    const answers = await Promise.all([online(cookie), online(cookie), online(cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await fc(id)).toBe(before + 100);
  });

  it('mail: a code from the page, the letter entered by an operator, credited once within the published business days', async () => {
    const { cookie, id } = await player();
    const before = await fc(id);
    const issued = await mailCode(cookie);
    expect(issued.statusCode, issued.body).toBe(200);
    const request = issued.json().data.request;
    expect(request).toMatchObject({ channel: 'mail', status: 'awaiting_letter', entries: 5, decisionDueAt: null });
    expect((await mailCode(cookie)).json().error.code).toBe('FREE_ENTRY_DAILY_LIMIT');
    // The letter arrives on the next Monday (noon in New York); the operator types the code as written.
    const weekday = new Date(clock.nowMs()).getUTCDay();
    clock.advance(((8 - weekday) % 7 || 7) * DAY_MS);
    const monday = clock.nowMs();
    const headers = await operator();
    const typed = request.code.toLowerCase().replace(/-/g, ' ');
    const returnAddress = household();
    const received = await app.inject({ method: 'POST', url: '/api/operator/free-entry/letters/', headers, payload: { code: typed, postmarkedOn: dayOf(request.createdAt), returnAddress } });
    expect(received.statusCode, received.body).toBe(200);
    // Received on a Monday: 5 business days is the next Monday, due at its end in New York (05:00 UTC in winter).
    const due = new Date(monday + 8 * DAY_MS).toISOString().slice(0, 10) + 'T05:00:00.000Z';
    expect(received.json().data.request).toMatchObject({ status: 'received', overdue: false, decisionDueAt: due });
    const reused = await app.inject({ method: 'POST', url: '/api/operator/free-entry/letters/', headers, payload: { code: request.code, postmarkedOn: dayOf(request.createdAt), returnAddress } });
    expect(reused.json().error.code).toBe('FREE_ENTRY_CODE_USED');
    const queue = (await app.inject({ method: 'GET', url: '/api/operator/free-entry/requests/?status=received', headers })).json().data;
    expect(queue.requests.map((r: { id: number }) => r.id)).toContain(request.id);
    expect((await info(cookie)).requests[0]).toMatchObject({ status: 'received', decisionDueAt: due });
    expect(await fc(id)).toBe(before);
    // Two operators credit it at once: one credit.
    const decide = () => app.inject({ method: 'POST', url: `/api/operator/free-entry/requests/${request.id}/decision/`, headers, payload: { decision: 'credit' } });
    const decisions = await Promise.all([decide(), decide()]);
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    expect(decisions.find((d) => d.statusCode === 409)!.json().error.code).toBe('FREE_ENTRY_ALREADY_DECIDED');
    expect(await fc(id)).toBe(before + 500);
    expect((await info(cookie)).requests[0]).toMatchObject({ status: 'credited' });
    const audit = await db().selectFrom('operator_audit').select('action').where('action', 'like', 'free-entry.%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['free-entry.letter.received', 'free-entry.request.credit']));
  });

  it('mail: an unknown or malformed code, a letter without its postmark or address, and a rejection with its reason move nothing', async () => {
    const headers = await operator();
    const letter = (code: string, body: Record<string, unknown> = {}) => app.inject({ method: 'POST', url: '/api/operator/free-entry/letters/', headers, payload: { code, postmarkedOn: dayOf(clock.nowMs()), returnAddress: household(), ...body } });
    expect((await letter('FE-AAAA-AAAA')).json().error.code).toBe('FREE_ENTRY_CODE_UNKNOWN');
    expect((await letter('not a code')).json().error.code).toBe('FREE_ENTRY_CODE_UNKNOWN');
    const { cookie, id } = await player();
    const before = await fc(id);
    const fresh = (await mailCode(cookie)).json().data.request;
    // The operator must read the postmark and the return address off the envelope.
    for (const body of [{ postmarkedOn: undefined }, { postmarkedOn: '2027-02-30' }, { postmarkedOn: '8 Jan 2027' }, { returnAddress: undefined }, { returnAddress: { streetLine: '12 Elm St' } }]) {
      const res = await letter(fresh.code, body);
      expect([res.statusCode, res.json().error.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    // Nothing left of the address once normalized, or a postmark later than today: a misreading, refused.
    expect((await letter(fresh.code, { returnAddress: { streetLine: '!!! ...', postalCode: '---' } })).json().error.code).toBe('FREE_ENTRY_RETURN_ADDRESS_INVALID');
    expect((await letter(fresh.code, { postmarkedOn: dayOf(clock.nowMs() + 3 * DAY_MS) })).json().error.code).toBe('FREE_ENTRY_POSTMARK_IN_FUTURE');
    expect((await info(cookie)).requests[0]).toMatchObject({ status: 'awaiting_letter' });
    expect((await letter(fresh.code)).statusCode).toBe(200);
    const badReason = await app.inject({ method: 'POST', url: `/api/operator/free-entry/requests/${fresh.id}/decision/`, headers, payload: { decision: 'reject' } });
    expect(badReason.statusCode).toBe(400);
    const rejected = await app.inject({ method: 'POST', url: `/api/operator/free-entry/requests/${fresh.id}/decision/`, headers, payload: { decision: 'reject', reason: 'The letter did not carry the account email.' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await info(cookie)).requests[0]).toMatchObject({ status: 'rejected', rejectReason: 'The letter did not carry the account email.', rejectCode: null });
    const credit = await app.inject({ method: 'POST', url: `/api/operator/free-entry/requests/${fresh.id}/decision/`, headers, payload: { decision: 'credit' } });
    expect(credit.json().error.code).toBe('FREE_ENTRY_ALREADY_DECIDED');
    const missing = await app.inject({ method: 'POST', url: '/api/operator/free-entry/requests/99999999/decision/', headers, payload: { decision: 'credit' } });
    expect(missing.json().error.code).toBe('FREE_ENTRY_REQUEST_NOT_FOUND');
    expect(await fc(id)).toBe(before);
  });

  it('mail: the postmark decides, not the arrival: before the code or after its last day is rejected by the rule, within it counts however late it comes', async () => {
    let headers = await operator();
    const letter = (code: string, postmarkedOn: string) => app.inject({ method: 'POST', url: '/api/operator/free-entry/letters/', headers, payload: { code, postmarkedOn, returnAddress: household() } });
    const early = await player();
    const inTime = await player();
    const late = await player();
    const balances = await Promise.all([early, inTime, late].map((p) => fc(p.id)));
    const [earlyCode, inTimeCode, lateCode] = await Promise.all([early, inTime, late].map(async (p) => (await mailCode(p.cookie)).json().data.request));
    const requestDay = dayOf(earlyCode.createdAt);
    const lastDay = dayOf(lateCode.expiresAt);
    // Postmarked the day before the code was issued: rejected at once, with the rule's code.
    const before = await letter(earlyCode.code, dayOf(Date.parse(earlyCode.createdAt) - DAY_MS));
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.request).toMatchObject({ status: 'rejected', rejectCode: 'postmarkBeforeRequest', postmarkedOn: dayOf(Date.parse(earlyCode.createdAt) - DAY_MS) });
    expect((await info(early.cookie)).requests[0]).toMatchObject({ status: 'rejected', rejectCode: 'postmarkBeforeRequest' });
    expect((await letter(earlyCode.code, requestDay)).json().error.code).toBe('FREE_ENTRY_CODE_USED');
    // 100 days on, two letters arrive: one postmarked on the code's last day, one the day after.
    clock.advance(100 * DAY_MS);
    headers = await operator();
    const ok = await letter(inTimeCode.code, dayOf(inTimeCode.expiresAt));
    expect(ok.json().data.request).toMatchObject({ status: 'received', rejectCode: null });
    const after = await letter(lateCode.code, dayOf(Date.parse(lateCode.expiresAt) + DAY_MS));
    expect(after.json().data.request).toMatchObject({ status: 'rejected', rejectCode: 'postmarkAfterDeadline', rejectReason: expect.stringContaining('after') });
    expect(dayOf(Date.parse(lateCode.expiresAt) + DAY_MS) > lastDay).toBe(true);
    // (The player's session ended over those months: the row says what their page will.)
    const lateRow = await db().selectFrom('free_entry_requests').select(['status', 'reject_code', 'household_slot']).where('id', '=', lateCode.id).executeTakeFirstOrThrow();
    expect(lateRow).toEqual({ status: 'rejected', reject_code: 'postmarkAfterDeadline', household_slot: null });
    // The rule's rejections pushed the decision to the players' tabs, and credited nothing.
    const pushes = await db().selectFrom('domain_events').select('player_id').where('type', '=', 'free-entry.decided').where('player_id', 'in', [early.id, late.id]).execute();
    expect(pushes).toHaveLength(2);
    expect(await Promise.all([early, inTime, late].map((p) => fc(p.id)))).toEqual(balances);
    const credited = await app.inject({ method: 'POST', url: `/api/operator/free-entry/requests/${inTimeCode.id}/decision/`, headers, payload: { decision: 'credit' } });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(await fc(inTime.id)).toBe(balances[1]! + 500);
  });

  it('mail: one letter per household (return address) and request day by default, as operator data; two at once cannot both take the last place', async () => {
    const headers = await operator();
    const letter = (code: string, returnAddress: { streetLine: string; postalCode: string }) => app.inject({ method: 'POST', url: '/api/operator/free-entry/letters/', headers, payload: { code, postmarkedOn: dayOf(clock.nowMs()), returnAddress } });
    const players = await Promise.all(Array.from({ length: 6 }, () => player()));
    const balances = await Promise.all(players.map((p) => fc(p.id)));
    const codes = await Promise.all(players.map(async (p) => (await mailCode(p.cookie)).json().data.request));
    const home = `${++households} Oak Street, Apt. 4`;
    // The same household written three ways: case, punctuation, street words and ZIP+4 do not matter.
    const first = await letter(codes[0].code, { streetLine: home, postalCode: '98101' });
    expect(first.json().data.request).toMatchObject({ status: 'received', rejectCode: null });
    const second = await letter(codes[1].code, { streetLine: home.toLowerCase().replace('street,', 'st').replace('apt.', 'apt'), postalCode: '98101-1234' });
    expect(second.json().data.request).toMatchObject({ status: 'rejected', rejectCode: 'householdLimit' });
    expect(second.json().data.request.householdKey).toBe(first.json().data.request.householdKey);
    expect((await info(players[1]!.cookie)).requests[0]).toMatchObject({ status: 'rejected', rejectCode: 'householdLimit' });
    // Another household the same day is not affected.
    expect((await letter(codes[2].code, household())).json().data.request).toMatchObject({ status: 'received' });
    // The operator allows two a day: the household's next letter takes the second place.
    await settings({ mailPerHouseholdPerDay: 2 });
    try {
      expect((await info(players[0]!.cookie)).mailPerHouseholdPerDay).toBe(2);
      expect((await letter(codes[3].code, { streetLine: home, postalCode: '98101' })).json().data.request).toMatchObject({ status: 'received' });
      await settings({ mailPerHouseholdPerDay: 1 });
      // Two letters of a new household entered at once: one place, one of them rejected by the rule.
      const twin = household();
      const both = await Promise.all([letter(codes[4].code, twin), letter(codes[5].code, twin)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.map((r) => r.json().data.request.status).sort()).toEqual(['received', 'rejected']);
    } finally {
      await settings({ mailPerHouseholdPerDay: 1 });
    }
    // Each counted letter holds its place; those the rule refused hold none (in the order of the codes).
    const rows = new Map((await db().selectFrom('free_entry_requests').select(['id', 'household_slot', 'status']).where('id', 'in', codes.map((c) => c.id)).execute()).map((r) => [Number(r.id), [r.status, r.household_slot === null ? null : Number(r.household_slot)]]));
    const places = codes.map((c) => rows.get(c.id));
    expect(places.slice(0, 4)).toEqual([['received', 1], ['rejected', null], ['received', 1], ['received', 2]]);
    expect(places.slice(4).sort()).toEqual([['received', 1], ['rejected', null]]);
    expect(await Promise.all(players.map((p) => fc(p.id)))).toEqual(balances);
  });

  it('manual review: online requests wait in the queue with their due date', async () => {
    await settings({ onlineReview: 'manual', onlineAmountCents: 300 });
    try {
      const { cookie, id } = await player();
      const before = await fc(id);
      const res = await online(cookie);
      expect(res.json().data.request).toMatchObject({ status: 'received', entries: 3 });
      expect(res.json().data.request.decisionDueAt).not.toBeNull();
      expect(await fc(id)).toBe(before);
      const headers = await operator();
      const credited = await app.inject({ method: 'POST', url: `/api/operator/free-entry/requests/${res.json().data.request.id}/decision/`, headers, payload: { decision: 'credit' } });
      expect(credited.statusCode, credited.body).toBe(200);
      expect(await fc(id)).toBe(before + 300);
    } finally {
      await settings({ onlineReview: 'automatic', onlineAmountCents: 100 });
    }
  });

  it('refuses self-excluded, cooling-off and restricted-state players, and everything while switched off', async () => {
    for (const [kind, code] of [['self_exclusion', 'FREE_ENTRY_SELF_EXCLUDED'], ['cooling_off', 'FREE_ENTRY_COOLING_OFF']] as const) {
      const { cookie, id } = await player();
      await startExclusion(db(), clock, id, { kind, period: kind === 'cooling_off' ? '24h' : '6m', ip: null, userAgent: null });
      const res = await online(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(code);
    }
    const restricted = await player();
    const profile = await app.inject({ method: 'POST', url: '/rest/player/profile/', headers: { cookie: restricted.cookie }, payload: { ...PROFILE, state: 'WA' } });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await info(restricted.cookie)).reason).toBe('sweepstakesNotAllowed');
    expect((await online(restricted.cookie)).json().error.code).toBe('FREE_ENTRY_STATE_RESTRICTED');
    expect((await mailCode(restricted.cookie)).json().error.code).toBe('FREE_ENTRY_STATE_RESTRICTED');
    await settings({ active: false });
    try {
      const { cookie } = await player();
      expect((await info(cookie)).reason).toBe('notActive');
      expect((await online(cookie)).json().error.code).toBe('FREE_ENTRY_NOT_ACTIVE');
    } finally {
      await settings({ active: true });
    }
    const count = await db().selectFrom('free_entry_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', restricted.id).executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('the official sweepstakes rules quote the amounts and limits in force, in both languages', async () => {
    const rules = async (locale: string) => (await app.inject({ method: 'GET', url: `/rest/page/legal/sweepstakes-rules/?locale=${locale}` })).json().data.body as string;
    expect(await rules('en')).toContain('**Online:** 1.00 FC per request, up to 1 request(s) per operator day.');
    // The postmark rule and the household limit are published beside them.
    expect(await rules('en')).toContain('postmarked no earlier than the day its code was issued');
    expect(await rules('en')).toContain('Up to 1 letter(s) per household');
    await settings({ onlineAmountCents: 250, mailAmountCents: 400, decisionBusinessDays: 7, mailPerHouseholdPerDay: 3 });
    try {
      const en = await rules('en');
      expect(en).toContain('Up to 3 letter(s) per household');
      expect(await rules('es')).toContain('Cuentan hasta 3 carta(s) por hogar');
      expect(en).toContain('**Online:** 2.50 FC per request');
      expect(en).toContain('**By mail:** 4.00 FC per request');
      expect(en).toContain('within 7 business days');
      expect(en).toContain('PO Box 1000');
      const es = await rules('es');
      expect(es).toContain('**En línea:** 2.50 FC por solicitud');
      expect(es).toContain('en 7 días hábiles');
    } finally {
      await settings({ onlineAmountCents: 100, mailAmountCents: 500, decisionBusinessDays: 5, mailPerHouseholdPerDay: 1 });
    }
  });

  it('validates operator settings and refuses unknown fields', async () => {
    const headers = await operator();
    const current = (await app.inject({ method: 'GET', url: '/api/operator/free-entry/settings/', headers })).json().data;
    for (const bad of [{ onlineAmountCents: 0 }, { perDay: 9 }, { mailAddress: ['one line'] }, { surprise: true }]) {
      const res = await app.inject({ method: 'PUT', url: '/api/operator/free-entry/settings/', headers, payload: { ...current, ...bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await app.inject({ method: 'PUT', url: '/api/operator/free-entry/settings/', payload: current })).statusCode).toBe(401);
  });
});
