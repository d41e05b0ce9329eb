import { ZFreeSpinsResponse } from '@sweepstack/contracts/rewards/prize';
import { ZSpinResponse } from '@sweepstack/contracts/games/play';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startExclusion } from '../../responsible-play/exclusions';
import { ManualClock } from '../../testing/auth-helpers';
import { featureTestApp } from '../../testing/feature-test-app';

const HOUR_MS = 3_600_000;
const START_MS = Date.parse('2027-03-05T17:00:00Z');
const PROFILE = { name: 'Ada', surname: 'Lovelace', birthday: '1990-02-03', zip: '98101', city: 'Seattle', address: '12 Main St.', phone: '+15551234567' };

describe.each(dialectsUnderTest())('bonus offers on %s', (dialect) => {
  const clock = new ManualClock(START_MS);
  let sequence = 0;
  const h = featureTestApp(dialect, { name: 'bonuses', clock, env: { OUTBOX_DISPATCHER: 'false' } }).hooks();
  const db = h.db;
  let app: FastifyInstance;
  beforeAll(() => {
    app = h.app();
  });

  // One operator sign-in for the file (sign-ins are rate-limited).
  const operator = async () => ({ cookie: await h.operatorCookie() });
  const player = h.signUp;
  const campaign = async (body: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/api/operator/bonuses/campaigns/', headers: await operator(), payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.campaign as { id: number; active: boolean };
  };
  const send = async (campaignId: number, uuids: string[], key = `send-${(sequence += 1)}-key`) => {
    const res = await app.inject({ method: 'POST', url: `/api/operator/bonuses/campaigns/${campaignId}/grants/`, headers: await operator(), payload: { playerUuids: uuids, key } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sent: { messageId: number; playerUuid: string; replayed: boolean; link: string; expiresAt: string }[]; refused: { playerUuid: string; reason: string }[] };
  };
  const check = (cookie: string | undefined, messageId: unknown) => app.inject({ method: 'POST', url: '/rest/free-entries-bonuses/check-bonus/', headers: cookie ? { cookie } : {}, payload: { message_id: messageId } });
  const credit = (cookie: string | undefined, bonusId: unknown, messageId: unknown) =>
    app.inject({ method: 'POST', url: '/rest/free-entries-bonuses/credit-bonus/', headers: cookie ? { cookie } : {}, payload: { bonusId, message_id: messageId } });
  const list = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/rest/bonus-offer/get-bonuses/', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.bonuses as { messageId: number }[];
  };
  const balance = (id: number) => getPlayerBalance(db(), id);
  const code = (res: { json(): { error?: { code?: string } } }) => res.json().error?.code;
  const freeEntries = (amountCents = 250, claimLifetimeHours = 48) => campaign({ name: `Free entries ${(sequence += 1)}`, bonusType: 'freeEntries', amountCents, claimLifetimeHours });

  it('refuses guests on every call', async () => {
    expect((await app.inject({ method: 'GET', url: '/rest/bonus-offer/get-bonuses/' })).statusCode).toBe(401);
    expect((await check(undefined, 1)).statusCode).toBe(401);
    expect(code(await credit(undefined, 1, 1))).toBe('AUTH_REQUIRED');
  });

  it('free entries: listed, checked, credited once as unplayed Fortune Coins; a second credit and check are refused', async () => {
    const c = await freeEntries(250);
    const p = await player();
    const { sent, refused } = await send(c.id, [p.uuid]);
    expect(refused).toEqual([]);
    const messageId = sent[0]!.messageId;
    expect(sent[0]!.link).toBe(`/?freeEntriesBonus=${messageId}`);
    expect((await list(p.cookie)).map((b) => b.messageId)).toEqual([messageId]);

    const checked = await check(p.cookie, String(messageId));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toEqual({
      messageId,
      playerBonusInfo: { bonusId: c.id, bonusLifetimeEnd: new Date(START_MS + 48 * HOUR_MS).toISOString() },
      bonusInfo: { bonusType: 'freeEntries', games: [], freeSpinsCount: null, freeSpinsBetLevel: null, bonusAmount: 2.5, freeSpinsBet: null, freeSpinsCurrency: null, freeSpinsLifetimeHours: null },
    });

    const before = await balance(p.id);
    const paid = await credit(p.cookie, c.id, messageId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, data: { messageId, bonusType: 'freeEntries', bonusAmount: 2.5, spinsId: null } });
    const after = await balance(p.id);
    expect(after.entries - before.entries).toBe(250);
    // Promotional: unplayed, redeemable only after play-through (docs/wallet-ledger.md).
    expect(after.unplayed - before.unplayed).toBe(250);
    expect(after.winnings).toBe(before.winnings);
    const transfers = await db().selectFrom('ledger_transfers').select(['amount', 'reason']).where('idempotency_key', 'like', `bonuses:${messageId}:%`).execute();
    expect(transfers.map((t) => [Number(t.amount), t.reason])).toEqual([[250, 'prize']]);

    expect(code(await credit(p.cookie, c.id, messageId))).toBe('BONUS_ALREADY_CREDITED');
    expect(code(await check(p.cookie, messageId))).toBe('BONUS_ALREADY_CREDITED');
    expect(await list(p.cookie)).toEqual([]);
    expect((await balance(p.id)).entries).toBe(after.entries);
  });

  it('credits once under concurrent double clicks and retries', async () => {
    const c = await freeEntries(300);
    const p = await player();
    const messageId = (await send(c.id, [p.uuid])).sent[0]!.messageId;
    const before = await balance(p.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => credit(p.cookie, c.id, messageId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map(code)).toEqual(Array(5).fill('BONUS_ALREADY_CREDITED'));
    expect((await balance(p.id)).entries - before.entries).toBe(300);
  });

  it('refuses unknown, non-numeric, foreign, mismatched and expired bonuses with nothing moved', async () => {
    const c = await freeEntries(100, 2);
    const a = await player();
    const b = await player();
    const { sent } = await send(c.id, [a.uuid, b.uuid]);
    const mine = sent.find((s) => s.playerUuid === a.uuid)!.messageId;
    const theirs = sent.find((s) => s.playerUuid === b.uuid)!.messageId;
    const before = await balance(a.id);
    for (const bad of ['abc', '12a', '-1', '1.5', '']) {
      const res = await check(a.cookie, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(code(res)).toBe('VALIDATION_FAILED');
      expect(code(await credit(a.cookie, c.id, bad))).toBe('VALIDATION_FAILED');
    }
    for (const unknown of [99_999_999, '0', '999999999999']) {
      expect(code(await check(a.cookie, unknown))).toBe('BONUS_NOT_FOUND');
      expect(code(await credit(a.cookie, c.id, unknown))).toBe('BONUS_NOT_FOUND');
    }
    // Another player's message is answered like an unknown one.
    expect(code(await check(a.cookie, theirs))).toBe('BONUS_NOT_FOUND');
    expect(code(await credit(a.cookie, c.id, theirs))).toBe('BONUS_NOT_FOUND');
    // The bonus id must be the message's.
    expect(code(await credit(a.cookie, c.id + 1000, mine))).toBe('BONUS_NOT_FOUND');
    // Past its end (the end itself counts as past).
    clock.advance(2 * HOUR_MS);
    expect(code(await check(a.cookie, mine))).toBe('BONUS_EXPIRED');
    expect(code(await credit(a.cookie, c.id, mine))).toBe('BONUS_EXPIRED');
    expect(await list(a.cookie)).toEqual([]);
    expect((await balance(a.id)).entries).toBe(before.entries);
    const statuses = await db().selectFrom('bonus_grants').select('status').where('id', 'in', [mine, theirs]).execute();
    expect(statuses.map((s) => s.status)).toEqual(['pending', 'pending']);
  });

  it('free spins: credited as a grant on the game that plays at no stake', async () => {
    const c = await campaign({ name: 'Spins test', bonusType: 'freeSpins', gameSlug: 'lucky-lantern-classic', spinsCount: 4, betLevel: 2, spinsCurrency: 'GC', spinsLifetimeHours: 24, claimLifetimeHours: 24 });
    const p = await player();
    const messageId = (await send(c.id, [p.uuid])).sent[0]!.messageId;
    const checked = (await check(p.cookie, messageId)).json().data;
    const game = await db().selectFrom('games').select(['id', 'slug']).where('slug', '=', 'lucky-lantern-classic').executeTakeFirstOrThrow();
    expect(checked.bonusInfo).toMatchObject({ bonusType: 'freeSpins', games: [{ id: game.id, slug: 'lucky-lantern-classic' }], freeSpinsCount: 4, freeSpinsBetLevel: 2, bonusAmount: null, freeSpinsCurrency: 'GC', freeSpinsLifetimeHours: 24 });
    expect(checked.bonusInfo.freeSpinsBet).toBeGreaterThan(0);
    const paid = await credit(p.cookie, c.id, messageId);
    expect(paid.statusCode, paid.body).toBe(200);
    const spinsId = paid.json().data.spinsId as number;
    expect(paid.json().data).toMatchObject({ bonusType: 'freeSpins', freeSpinsCount: 4, game: { slug: 'lucky-lantern-classic' } });
    expect(code(await credit(p.cookie, c.id, messageId))).toBe('BONUS_ALREADY_CREDITED');

    const launched = await app.inject({ method: 'GET', url: `/rest/game/${game.id}/play/`, headers: { cookie: p.cookie } });
    expect(launched.statusCode, launched.body).toBe(200);
    const grants = ZFreeSpinsResponse.parse((await app.inject({ method: 'GET', url: `/rest/free-spins/?gameId=${game.id}`, headers: { cookie: p.cookie } })).json()).data.freeSpins;
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ spinsId, spinsRemain: 4, spinsTotal: 4, betLevel: 2, currency: 'GC', bet: checked.bonusInfo.freeSpinsBet, endDate: new Date(clock.nowMs() + 24 * HOUR_MS).toISOString() });
    const before = await balance(p.id);
    const spun = await app.inject({ method: 'POST', url: `/rest/game/${game.id}/spin/`, headers: { cookie: p.cookie }, payload: { idempotencyKey: `bonus-spin-${dialect}-1`, session: launched.json().data.session, bet: grants[0]!.bet, freeSpinsId: spinsId } });
    expect(spun.statusCode, spun.body).toBe(200);
    const round = ZSpinResponse.parse(spun.json()).data;
    expect(round).toMatchObject({ stake: 0, freeSpinsRemain: 3 });
    expect((await balance(p.id)).coins).toBe(before.coins + round.win);
  });

  it('responsible play: nothing is sent to, listed for or claimed by a self-excluded or cooling-off player', async () => {
    const c = await freeEntries(100);
    for (const [kind, expected] of [['self_exclusion', 'BONUS_SELF_EXCLUDED'], ['cooling_off', 'BONUS_COOLING_OFF']] as const) {
      const p = await player();
      const messageId = (await send(c.id, [p.uuid])).sent[0]!.messageId;
      const before = await balance(p.id);
      await startExclusion(db(), clock, p.id, { kind, period: kind === 'cooling_off' ? '24h' : '6m', ip: null, userAgent: null });
      const checked = await check(p.cookie, messageId);
      expect(checked.statusCode).toBe(403);
      expect(code(checked)).toBe(expected);
      expect(code(await credit(p.cookie, c.id, messageId))).toBe(expected);
      expect(await list(p.cookie)).toEqual([]);
      expect((await balance(p.id)).entries).toBe(before.entries);
      const again = await send(c.id, [p.uuid]);
      expect(again.sent).toEqual([]);
      expect(again.refused).toEqual([{ playerUuid: p.uuid, reason: kind === 'cooling_off' ? 'coolingOff' : 'selfExcluded' }]);
    }
    // Fortune Coins are sweepstakes entries: not credited where sweepstakes play is restricted.
    const restricted = await player();
    const messageId = (await send(c.id, [restricted.uuid])).sent[0]!.messageId;
    const profile = await app.inject({ method: 'POST', url: '/rest/player/profile/', headers: { cookie: restricted.cookie }, payload: { ...PROFILE, state: 'WA' } });
    expect(profile.statusCode, profile.body).toBe(200);
    const restrictedBefore = await balance(restricted.id);
    expect(code(await check(restricted.cookie, messageId))).toBe('BONUS_STATE_RESTRICTED');
    expect(code(await credit(restricted.cookie, c.id, messageId))).toBe('BONUS_STATE_RESTRICTED');
    expect((await balance(restricted.id)).entries).toBe(restrictedBefore.entries);
  });

  it('operator: sends once per key, switches a campaign off and on, revokes a message, validates and audits', async () => {
    const headers = await operator();
    const c = await freeEntries(100);
    const p = await player();
    const first = await send(c.id, [p.uuid, p.uuid, '00000000-0000-4000-8000-000000000000'], 'retry-key-0001');
    expect(first.sent).toHaveLength(1);
    expect(first.refused).toEqual([{ playerUuid: '00000000-0000-4000-8000-000000000000', reason: 'unknownPlayer' }]);
    const retried = await send(c.id, [p.uuid], 'retry-key-0001');
    expect(retried.sent).toMatchObject([{ messageId: first.sent[0]!.messageId, replayed: true }]);
    const second = (await send(c.id, [p.uuid], 'retry-key-0002')).sent[0]!.messageId;
    expect(second).not.toBe(first.sent[0]!.messageId);

    const toggle = (active: boolean) => app.inject({ method: 'PUT', url: `/api/operator/bonuses/campaigns/${c.id}/active/`, headers, payload: { active } });
    expect((await toggle(false)).json().data.campaign).toMatchObject({ active: false });
    expect(code(await check(p.cookie, second))).toBe('BONUS_NOT_AVAILABLE');
    expect(code(await app.inject({ method: 'POST', url: `/api/operator/bonuses/campaigns/${c.id}/grants/`, headers, payload: { playerUuids: [p.uuid], key: 'retry-key-0003' } }))).toBe('BONUS_CAMPAIGN_INACTIVE');
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await check(p.cookie, second)).statusCode).toBe(200);

    const revoke = (id: number) => app.inject({ method: 'POST', url: `/api/operator/bonuses/grants/${id}/revoke/`, headers });
    expect((await revoke(second)).json().data.grant).toMatchObject({ status: 'revoked' });
    expect(code(await revoke(second))).toBe('BONUS_GRANT_NOT_PENDING');
    expect(code(await revoke(99_999_999))).toBe('BONUS_NOT_FOUND');
    const before = await balance(p.id);
    expect(code(await credit(p.cookie, c.id, second))).toBe('BONUS_NOT_AVAILABLE');
    expect((await balance(p.id)).entries).toBe(before.entries);

    const grants = (await app.inject({ method: 'GET', url: `/api/operator/bonuses/players/${p.uuid}/grants/`, headers })).json().data.grants;
    expect(grants.map((g: { status: string }) => g.status)).toEqual(['revoked', 'pending']);
    const campaigns = (await app.inject({ method: 'GET', url: '/api/operator/bonuses/campaigns/', headers })).json().data.campaigns;
    expect(campaigns.find((x: { id: number }) => x.id === c.id)).toMatchObject({ grants: { pending: 1, credited: 0, revoked: 1 } });
    expect(campaigns.some((x: { name: string }) => x.name === 'We miss you: free entries')).toBe(true);

    for (const bad of [
      { name: 'Zero', bonusType: 'freeEntries', amountCents: 0, claimLifetimeHours: 24 },
      { name: 'Too long', bonusType: 'freeEntries', amountCents: 100, claimLifetimeHours: 721 },
      { name: 'No game', bonusType: 'freeSpins', gameSlug: 'no-such-game', spinsCount: 5, betLevel: 1, spinsCurrency: 'GC', spinsLifetimeHours: 24, claimLifetimeHours: 24 },
      { name: 'Extra', bonusType: 'freeEntries', amountCents: 100, claimLifetimeHours: 24, surprise: true },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/operator/bonuses/campaigns/', headers, payload: bad });
      expect(res.statusCode, bad.name).toBe(400);
    }
    expect(code(await app.inject({ method: 'PUT', url: '/api/operator/bonuses/campaigns/99999999/active/', headers, payload: { active: true } }))).toBe('BONUS_CAMPAIGN_NOT_FOUND');
    expect((await app.inject({ method: 'GET', url: '/api/operator/bonuses/campaigns/' })).statusCode).toBe(401);
    const audit = await db().selectFrom('operator_audit').select('action').where('action', 'like', 'bonuses.%').execute();
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['bonuses.campaign.create', 'bonuses.grants.send', 'bonuses.campaign.active', 'bonuses.grant.revoke']));
  });
  it('the expiry job marks messages past their end expired, once, and both sides see it (fake clock)', async () => {
    const headers = await operator();
    const short = await freeEntries(150, 1);
    const long = await freeEntries(150, 48);
    const a = await player();
    const b = await player();
    const sent = (await send(short.id, [a.uuid, b.uuid])).sent;
    const mine = sent.find((s) => s.playerUuid === a.uuid)!.messageId;
    const theirs = sent.find((s) => s.playerUuid === b.uuid)!.messageId;
    const credited = (await send(short.id, [a.uuid])).sent[0]!.messageId;
    expect((await credit(a.cookie, short.id, credited)).statusCode).toBe(200);
    const later = (await send(long.id, [a.uuid])).sent[0]!.messageId;
    const ids = [mine, theirs, credited, later];
    const rows = async () => (await db().selectFrom('bonus_grants').select(['id', 'status', 'expired_at_ms']).where('id', 'in', ids).orderBy('id').execute()).map((r) => [r.status, r.expired_at_ms === null ? null : Number(r.expired_at_ms)]);
    const runExpiry = () => app.jobs.runner.runDue({ kinds: ['bonuses.expire-messages'] });

    // Before the end: the job leaves every message as it is.
    clock.advance(HOUR_MS - 60_000);
    await runExpiry();
    expect(await rows()).toEqual([['pending', null], ['pending', null], ['credited', null], ['pending', null]]);

    // The end passes (the end itself is past); the next run of the five-minute schedule marks them.
    clock.advance(6 * 60_000);
    await runExpiry();
    const markedAtMs = clock.nowMs();
    expect(await rows()).toEqual([['expired', markedAtMs], ['expired', markedAtMs], ['credited', null], ['pending', null]]);

    // Idempotent: the same occurrence run again (as after a crash before its done mark) and later runs change nothing.
    const job = await db().selectFrom('jobs').select(['id']).where('kind', '=', 'bonuses.expire-messages').where('status', '=', 'done').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await db().updateTable('jobs').set({ status: 'pending', run_at_ms: clock.nowMs() }).where('id', '=', job.id).execute();
    clock.advance(10 * 60_000);
    await runExpiry();
    expect(await db().selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).toEqual({ status: 'done' });
    expect(await rows()).toEqual([['expired', markedAtMs], ['expired', markedAtMs], ['credited', null], ['pending', null]]);

    // The player: refused as expired, nothing listed, nothing moved.
    const before = await balance(a.id);
    expect(code(await check(a.cookie, mine))).toBe('BONUS_EXPIRED');
    expect(code(await credit(a.cookie, short.id, mine))).toBe('BONUS_EXPIRED');
    expect((await list(a.cookie)).map((x) => x.messageId)).toEqual([later]);
    expect(await balance(a.id)).toEqual(before);

    // The operator: the status, when it was marked, the counts; an expired message cannot be revoked.
    const grants = (await app.inject({ method: 'GET', url: `/api/operator/bonuses/players/${a.uuid}/grants/`, headers })).json().data.grants as { messageId: number; status: string; expiredAt: string | null }[];
    expect(grants.find((g) => g.messageId === mine)).toMatchObject({ status: 'expired', expiredAt: new Date(markedAtMs).toISOString() });
    expect(grants.find((g) => g.messageId === later)).toMatchObject({ status: 'pending', expiredAt: null });
    const campaigns = (await app.inject({ method: 'GET', url: '/api/operator/bonuses/campaigns/', headers })).json().data.campaigns as { id: number; grants: object }[];
    expect(campaigns.find((x) => x.id === short.id)!.grants).toEqual({ pending: 0, credited: 1, revoked: 0, expired: 2 });
    expect(code(await app.inject({ method: 'POST', url: `/api/operator/bonuses/grants/${mine}/revoke/`, headers }))).toBe('BONUS_GRANT_NOT_PENDING');
  });
});
