import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundRedeemable } from '../../kyc/testing';
import { GOOD_PASSWORD, ManualClock, sessionCookieOf, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const MIN = 60_000;
const PATH = '/rest/player/responsible-play/reality-check/';

/** A manual clock that can also move by itself on every reading (`step` ms), as a real one does during a request. */
class SteppingClock extends ManualClock {
  step = 0;
  override nowMs(): number {
    const now = super.nowMs();
    this.advance(this.step);
    return now;
  }
}

describe.each(dialectsUnderTest())('responsible play: reality check on %s', (dialect) => {
  const clock = new SteppingClock();
  let t: TestApp;
  let counter = 0;
  let gameId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock });
    gameId = Number((await t.database.db.selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow()).id);
  }, 60_000);
  afterEach(async () => {
    await expectLedgerBalanced(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const key = (prefix: string) => `${prefix}-${(counter += 1).toString().padStart(6, '0')}`;
  const get = (cookie: string | null, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (cookie: string | null, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });
  const state = async (cookie: string) => {
    const res = await get(cookie, PATH);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const setInterval = (cookie: string | null, intervalMinutes: unknown) => post(cookie, `${PATH}interval/`, { intervalMinutes });
  const acknowledge = (cookie: string | null, choice: unknown) => post(cookie, `${PATH}acknowledge/`, { choice });
  const records = (playerId: number) => t.database.db.selectFrom('responsible_play_reality_checks').selectAll().where('player_id', '=', playerId).orderBy('id').execute();
  const profileValue = async (cookie: string) => (await get(cookie, '/rest/player/profile/')).json().data.responsiblePlay.activityReminderValue;

  /** A new player with 10,000 GC and 100.00 FC, signed in now (the sign-in starts a play session). */
  async function player() {
    const email = `${key('rc')}@reality.test`;
    const { cookie, uuid } = await signUpViaApi(t.app, email);
    const id = (await findPlayerByUuid(t.database.db, uuid))!.id;
    await transfer(t.database.db, { idempotencyKey: `rc-gc:${id}`, from: { system: 'promotions' }, to: { playerId: id, kind: 'player_balance' }, currency: 'GC', amount: 10_000, reason: 'promotion' });
    await fundRedeemable(t.database.db, id, 10_000);
    return { cookie, id, email };
  }

  /** Launches the game in the player's current mode; answers a function that plays one paid step at the minimum bet. */
  async function launch(cookie: string) {
    const res = await get(cookie, `/rest/game/${gameId}/play/`);
    expect(res.statusCode, res.body).toBe(200);
    const { session, bets } = res.json().data as { session: string; bets: { min: number } };
    return async () => {
      const spin = await post(cookie, `/rest/game/${gameId}/spin/`, { session, bet: bets.min, idempotencyKey: key('spin') });
      expect(spin.statusCode, spin.body).toBe(200);
      const { stake, win } = spin.json().data as { stake: number; win: number };
      return { stake, win };
    };
  }

  it('sets the interval (the profile shows it), sums the session per currency and reminds one interval after the change, then after each answer', async () => {
    const started = clock.nowMs();
    const p = await player();
    expect(await profileValue(p.cookie)).toBe(120);
    expect(await state(p.cookie)).toEqual({
      intervalMinutes: 120,
      options: [0, 15, 30, 45, 60, 90, 120],
      session: { startedAtMs: started, timePlayedMs: 0, summary: [] },
      nextDueAtMs: started + 120 * MIN,
      due: false,
      serverNowMs: started,
    });

    clock.advance(MIN);
    const set = await setInterval(p.cookie, 15);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ intervalMinutes: 15, nextDueAtMs: started + 16 * MIN, due: false, session: { startedAtMs: started } });
    expect(await profileValue(p.cookie)).toBe(15);

    // Gold Coins, then Fortune Coins.
    let gold = { rounds: 0, staked: 0, won: 0 };
    const spinGold = await launch(p.cookie);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(MIN);
      const { stake, win } = await spinGold();
      gold = { rounds: gold.rounds + 1, staked: gold.staked + stake, won: gold.won + win };
    }
    expect((await get(p.cookie, '/rest/player/game-mode/switch-to-sweep-stakes/')).statusCode).toBe(200);
    const spinFortune = await launch(p.cookie);
    clock.advance(MIN);
    const fortune = await spinFortune();
    await get(p.cookie, '/rest/player/game-mode/switch-to-tournament-points/');

    clock.advance(11 * MIN - 1);
    const before = await state(p.cookie);
    expect(before).toMatchObject({ due: false, nextDueAtMs: started + 16 * MIN });
    expect(before.session).toEqual({
      startedAtMs: started,
      timePlayedMs: 16 * MIN - 1,
      summary: [
        { currency: 'GC', ...gold, net: gold.won - gold.staked },
        { currency: 'FC', rounds: 1, staked: fortune.stake / 100, won: fortune.win / 100, net: (fortune.win - fortune.stake) / 100 },
      ],
    });
    clock.advance(1);
    expect(await state(p.cookie)).toMatchObject({ due: true, nextDueAtMs: started + 16 * MIN });
    // An unanswered reminder stays due.
    clock.advance(2 * MIN);
    expect(await state(p.cookie)).toMatchObject({ due: true, nextDueAtMs: started + 16 * MIN });

    const answered = await acknowledge(p.cookie, 'continue');
    expect(answered.statusCode, answered.body).toBe(200);
    const answeredAt = clock.nowMs();
    expect(answered.json().data).toMatchObject({ due: false, nextDueAtMs: answeredAt + 15 * MIN, session: { startedAtMs: started, timePlayedMs: answeredAt - started } });
    const [interval, answer] = await records(p.id);
    expect(interval).toMatchObject({ kind: 'interval', interval_minutes: 15, previous_interval_minutes: 120, choice: null, summary_json: null });
    expect(Number(interval!.at_ms)).toBe(started + MIN);
    expect(answer).toMatchObject({ kind: 'answer', choice: 'continue', interval_minutes: 15 });
    expect(Number(answer!.at_ms)).toBe(answeredAt);
    expect(Number(answer!.session_started_at_ms)).toBe(started);
    expect(Number(answer!.due_at_ms)).toBe(started + 16 * MIN);
    expect(answer!.user_agent).toBeTruthy();
    expect(JSON.parse(answer!.summary_json!)).toEqual([
      { currency: 'GC', ...gold },
      { currency: 'FC', rounds: 1, staked: fortune.stake, won: fortune.win },
    ]);

    // Stop is recorded the same way and also schedules the next one (play may go on).
    clock.advance(15 * MIN);
    expect((await state(p.cookie)).due).toBe(true);
    const stopped = await acknowledge(p.cookie, 'stop');
    expect(stopped.json().data).toMatchObject({ due: false, nextDueAtMs: clock.nowMs() + 15 * MIN });
    clock.advance(MIN);
    expect((await acknowledge(p.cookie, 'history')).statusCode).toBe(200);
    expect((await records(p.id)).map((r) => r.choice)).toEqual([null, 'continue', 'stop', 'history']);
  });

  it('a play session ends after 30 minutes without activity; a round or a sign-in starts the next one', async () => {
    const p = await player();
    expect((await setInterval(p.cookie, 30)).statusCode).toBe(200);
    const spin = await launch(p.cookie);

    // Reading the reminder is not activity: 30 minutes later the session is over.
    clock.advance(30 * MIN);
    expect(await state(p.cookie)).toMatchObject({ session: null, due: false, nextDueAtMs: clock.nowMs() + 30 * MIN });

    clock.advance(15 * MIN);
    const first = clock.nowMs();
    await spin();
    expect(await state(p.cookie)).toMatchObject({ session: { startedAtMs: first, summary: [{ currency: 'GC', rounds: 1 }] }, nextDueAtMs: first + 30 * MIN, due: false });
    // A pause just under 30 minutes keeps it going; the rounds of the last session are not counted.
    clock.advance(30 * MIN - 1);
    await spin();
    clock.advance(30 * MIN - 1);
    expect(await state(p.cookie)).toMatchObject({ session: { startedAtMs: first, summary: [{ currency: 'GC', rounds: 2 }] }, due: true });
    clock.advance(1);
    expect((await state(p.cookie)).session).toBeNull();

    clock.advance(3 * 60 * MIN);
    const signIn = await post(null, '/rest/auth/signin/', { email: p.email, password: GOOD_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = `ss_session=${sessionCookieOf(signIn)}`;
    clock.advance(5 * MIN);
    expect(await state(cookie)).toMatchObject({ session: { startedAtMs: clock.nowMs() - 5 * MIN, summary: [] }, nextDueAtMs: clock.nowMs() + 25 * MIN });
  });

  it('a long session is found back through the latest record; without one, at most 24 hours back', async () => {
    const started = clock.nowMs();
    const answering = await player();
    const silent = await player();
    expect((await setInterval(answering.cookie, 60)).statusCode).toBe(200);
    const spinAnswering = await launch(answering.cookie);
    const spinSilent = await launch(silent.cookie);
    // 26 hours, a round every 20 minutes; one player answers a reminder every hour, the other never.
    for (let minute = 20; minute <= 26 * 60; minute += 20) {
      clock.advance(20 * MIN);
      await spinAnswering();
      await spinSilent();
      if (minute % 60 === 0) {
        const answer = await acknowledge(answering.cookie, 'continue');
        expect(answer.json().data).toMatchObject({ session: { startedAtMs: started }, nextDueAtMs: clock.nowMs() + 60 * MIN });
      }
    }
    expect((await state(answering.cookie)).session).toMatchObject({ startedAtMs: started, timePlayedMs: 26 * 60 * MIN, summary: [{ currency: 'GC', rounds: 78 }] });
    expect((await records(answering.id)).every((r) => Number(r.session_started_at_ms) === started)).toBe(true);
    // Only the last 24 hours are looked at: the first round in them starts the session.
    const cutoff = started + 2 * 60 * MIN;
    expect(await state(silent.cookie)).toMatchObject({ session: { startedAtMs: cutoff, summary: [{ currency: 'GC', rounds: 73 }] }, nextDueAtMs: cutoff + 120 * MIN, due: true });
  });

  it('off: no reminder however long the session', async () => {
    const p = await player();
    const set = await setInterval(p.cookie, 0);
    expect(set.json().data).toMatchObject({ intervalMinutes: 0, nextDueAtMs: null, due: false });
    expect(await profileValue(p.cookie)).toBe(0);
    const spin = await launch(p.cookie);
    for (let i = 0; i < 12; i += 1) {
      clock.advance(20 * MIN);
      await spin();
    }
    expect(await state(p.cookie)).toMatchObject({ intervalMinutes: 0, nextDueAtMs: null, due: false, session: { timePlayedMs: 240 * MIN } });
  });

  it('choosing the interval in force records nothing and does not postpone the reminder; parallel changes are decided one after the other', async () => {
    const p = await player();
    const started = clock.nowMs();
    clock.advance(10 * MIN);
    const same = await setInterval(p.cookie, 120);
    expect(same.json().data).toMatchObject({ intervalMinutes: 120, nextDueAtMs: started + 120 * MIN });
    expect(await records(p.id)).toEqual([]);

    const values = [15, 30, 45, 60, 90, 0, 15, 120];
    const answers = await Promise.all(values.map((v) => setInterval(p.cookie, v)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await records(p.id);
    // Each change names the interval before it: the chain is unbroken, and its end is the profile's value.
    let previous = 120;
    for (const row of rows) {
      expect(row.previous_interval_minutes).toBe(previous);
      previous = row.interval_minutes;
    }
    expect(await profileValue(p.cookie)).toBe(previous);
  });

  it('answers a change or an answer as of its own moment: the next reminder exactly one interval later', async () => {
    const p = await player();
    clock.step = 1;
    try {
      for (const res of [await setInterval(p.cookie, 45), await acknowledge(p.cookie, 'continue'), await setInterval(p.cookie, 90)]) {
        expect(res.statusCode, res.body).toBe(200);
        const { nextDueAtMs, serverNowMs, intervalMinutes } = res.json().data;
        expect(nextDueAtMs - serverNowMs).toBe(intervalMinutes * MIN);
      }
      const rows = await records(p.id);
      expect(rows).toHaveLength(3);
    } finally {
      clock.step = 0;
    }
  });

  it('refuses bad input with clear 4xx codes and guests with 401, and writes nothing', async () => {
    const p = await player();
    for (const bad of [-15, -0.5, 1, 14, 15.5, 20, 121, 1e9]) {
      const res = await setInterval(p.cookie, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'RESPONSIBLE_PLAY_INTERVAL_NOT_OFFERED', messageKey: 'errors.responsiblePlayIntervalNotOffered', fields: { intervalMinutes: expect.any(String) } });
    }
    const invalid: [string, unknown][] = [
      [`${PATH}interval/`, { intervalMinutes: '15' }],
      [`${PATH}interval/`, { intervalMinutes: null }],
      [`${PATH}interval/`, { intervalMinutes: [15] }],
      [`${PATH}interval/`, {}],
      [`${PATH}interval/`, { intervalMinutes: 15, extra: true }],
      [`${PATH}acknowledge/`, { choice: 'later' }],
      [`${PATH}acknowledge/`, { choice: 1 }],
      [`${PATH}acknowledge/`, {}],
      [`${PATH}acknowledge/`, { choice: 'continue', summary: [] }],
    ];
    for (const [url, body] of invalid) {
      const res = await post(p.cookie, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    for (const url of [`${PATH}interval/`, `${PATH}acknowledge/`]) {
      const notJson = await t.app.inject({ method: 'POST', url, payload: '{', headers: { cookie: p.cookie, 'content-type': 'application/json' } });
      expect(notJson.statusCode).toBe(400);
    }
    expect((await get(p.cookie, `${PATH}?intervalMinutes=15`)).statusCode).toBe(400);
    for (const res of [await get(null, PATH), await setInterval(null, 15), await acknowledge(null, 'continue')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('AUTH_REQUIRED');
    }
    expect(await records(p.id)).toEqual([]);
    expect(await profileValue(p.cookie)).toBe(120);
  });

  it('every record is append-only (the audit trail)', async () => {
    const p = await player();
    await setInterval(p.cookie, 45);
    await acknowledge(p.cookie, 'continue');
    expect(await records(p.id)).toHaveLength(2);
    await expect(t.database.db.updateTable('responsible_play_reality_checks').set({ choice: 'stop' }).where('player_id', '=', p.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('responsible_play_reality_checks').where('player_id', '=', p.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`update responsible_play_reality_checks set interval_minutes = 0 where player_id = ${p.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
    // The table's own checks: an answer needs a choice and a summary.
    await expect(
      t.database.db
        .insertInto('responsible_play_reality_checks')
        .values({ player_id: p.id, kind: 'answer', at_ms: 1, interval_minutes: 15, previous_interval_minutes: null, choice: null, session_started_at_ms: 1, due_at_ms: null, summary_json: null, ip: null, user_agent: null })
        .execute(),
    ).rejects.toThrow();
  });
});
