import { ZLotteryDetailsResponse } from '@sweepstack/contracts/lottery/details';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { pickWinners, ticketListText } from '@sweepstack/domain/lottery/rules';
import { findGame } from '@sweepstack/games/catalogue/games';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { sha256, toHex, utf8 } from '@sweepstack/games/fairness/sha256';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../testing/auth-helpers';
import { featureTestApp } from '../../testing/feature-test-app';
import { JOB_AUTO_CREDIT, JOB_DRAW, JOB_PLAN } from './draws';

const DAY = 86_400_000;
const hex = (text: string) => toHex(sha256(utf8(text)));
let keys = 0;
const requestKey = () => `lottery-test-${++keys}-${Date.now()}`;

describe.each(dialectsUnderTest())('promo lottery on %s', (dialect) => {
  // Monday 4 January 2027, noon in New York: the week's draw closes Monday 11 January at midnight there.
  const clock = new ManualClock(Date.parse('2027-01-04T17:00:00Z'));
  const h = featureTestApp(dialect, { name: 'lottery', clock }).hooks();
  const db = h.db;
  const app = h.app;

  beforeAll(async () => {
    // The start hook scheduled a planner run: it opens the weekly and the monthly draw.
    await app().jobs.runner.runDue({ kinds: [JOB_PLAN] });
  }, 60_000);

  const get = (url: string, cookie?: string) => app().inject({ method: 'GET', url: `/rest/promo-events/lottery${url}`, headers: cookie ? { cookie } : {} });
  const details = async (type: string, cookie?: string) => {
    const res = await get(`/details/${type}/`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return ZLotteryDetailsResponse.parse(res.json()).data;
  };
  const settle = h.settle;
  const signUp = (fundCents = 0) => h.signUp({ FC: fundCents });
  /** Real Fortune Coin spins through the play API at the game's smallest FC bet, until `cents` were staked. */
  const playFc = async (cookie: string, cents: number) => {
    const game = await db().selectFrom('games').select(['id', 'slug']).where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow();
    const bet = findGame(game.slug)!.bets.FC.steps[0]!;
    expect((await app().inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie } })).statusCode).toBe(200);
    const launched = await app().inject({ method: 'GET', url: `/rest/game/${game.id}/play/`, headers: { cookie } });
    expect(launched.statusCode, launched.body).toBe(200);
    const { session } = launched.json().data as { session: string };
    let staked = 0;
    while (staked < cents) {
      const res = await app().inject({ method: 'POST', url: `/rest/game/${game.id}/spin/`, headers: { cookie }, payload: { session, bet, idempotencyKey: requestKey() } });
      expect(res.statusCode, res.body).toBe(200);
      staked += (res.json().data as { stake: number }).stake;
    }
    await settle();
    return staked;
  };
  const freeEntry = async (cookie: string) => {
    const res = await app().inject({ method: 'POST', url: '/rest/free-entry/online/', headers: { cookie }, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
  };

  it('publishes both draws with a committed seed before any ticket, and how tickets are earned', async () => {
    for (const type of ['weekly', 'monthly'] as const) {
      const d = await details(type);
      expect(d.data).toMatchObject({ type, status: 'open', seed: null, ticketListHash: null, ticketCount: 0 });
      expect(d.data!.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(d.promo).toEqual({ wagerPerTicket: 10, receivedPerTicket: 1, maxTicketsPerPlayer: 500, rewardDays: 7 });
    }
    const weekly = (await details('weekly')).data!;
    expect(weekly.closesAt).toBe('2027-01-11T05:00:00.000Z');
    expect(weekly.prizes.slice(0, 3)).toEqual([{ place: 1, coins: 0, entries: 50 }, { place: 2, coins: 0, entries: 20 }, { place: 3, coins: 0, entries: 10 }]);
    expect((await details('monthly')).data!.closesAt).toBe('2027-02-01T05:00:00.000Z');
  });

  it('runs the shell\'s lottery items from its status, and lets an admin change prizes for the next draws', async () => {
    const status = await db().selectFrom('feature_status').select('status_json').where('feature', '=', 'lottery').executeTakeFirstOrThrow();
    expect(JSON.parse(status.status_json)).toEqual({ active: true });
    const cookie = await h.operatorCookie();
    const current = (await app().inject({ method: 'GET', url: '/api/operator/lottery/settings/', headers: { cookie } })).json().data;
    expect(current.weekly.prizes).toHaveLength(10);
    const bad = await app().inject({ method: 'PUT', url: '/api/operator/lottery/settings/', headers: { cookie }, payload: { ...current, weekly: { enabled: true, prizes: [{ kind: 'nothing' }] } } });
    expect(bad.statusCode).toBe(400);
    const saved = await app().inject({ method: 'PUT', url: '/api/operator/lottery/settings/', headers: { cookie }, payload: { ...current, monthly: { ...current.monthly, prizes: current.monthly.prizes.slice(0, 5) } } });
    expect(saved.statusCode, saved.body).toBe(200);
    // The open monthly draw keeps the prizes it published.
    expect((await details('monthly')).data!.prizes).toHaveLength(20);
  });

  it('refuses bad input with stable codes', async () => {
    expect((await get('/details/daily/')).statusCode).toBe(400);
    expect((await get('/player-tickets/weekly/')).statusCode).toBe(401);
    expect((await get('/leaderboard/999999/')).json().error.code).toBe('LOTTERY_DRAW_NOT_FOUND');
    const weekly = (await details('weekly')).data!;
    expect((await get(`/ticket-list/${weekly.number}/`)).json().error.code).toBe('LOTTERY_NOT_DRAWN');
    const p = await signUp();
    expect((await get('/take-reward/999999/', p.cookie)).json().error.code).toBe('LOTTERY_REWARD_NOT_FOUND');
  });

  it('draws a week from real play and free entries: winners anyone can recompute, rewards taken once or credited after the window', async () => {
    // A plays Fortune Coins (one ticket per 10 FC wagered, the rest carried); B and C ask for a free entry (1 FC: one ticket).
    const a = await signUp(10_000);
    const staked = await playFc(a.cookie, 2_500);
    const b = await signUp();
    const c = await signUp();
    await freeEntry(b.cookie);
    await freeEntry(c.cookie);
    const aTickets = (await get('/player-tickets/weekly/', a.cookie)).json().data;
    expect(aTickets.count).toBe(Math.floor(staked / 1_000));
    expect(aTickets.tickets.every((x: { source: string }) => x.source === 'play')).toBe(true);
    const bTickets = (await get('/player-tickets/weekly/', b.cookie)).json().data;
    expect(bTickets).toMatchObject({ count: 1, tickets: [{ source: 'free-entry' }] });
    // The same tickets in the monthly draw; gold coin play earns none.
    expect((await get('/player-tickets/monthly/', b.cookie)).json().data.count).toBe(1);
    expect((await get('/recent-tickets/', b.cookie)).json().data.recentTickets).toHaveLength(2);
    const before = (await details('weekly', a.cookie)).data!;
    expect(before.ticketCount).toBe(aTickets.count + 2);
    const board = (await get(`/leaderboard/${before.number}/`, a.cookie)).json().data;
    expect(board.holders[0]).toMatchObject({ isYou: true, tickets: aTickets.count });
    expect(board.winners).toEqual([]);

    // The week closes at midnight in New York: the draw job runs, the next week opens.
    clock.advance(Date.parse('2027-01-11T05:00:30Z') - clock.nowMs());
    expect(await app().jobs.runner.runDue({ kinds: [JOB_DRAW] })).toBeGreaterThanOrEqual(1);
    await settle();
    const after = await details('weekly', a.cookie);
    const drawn = after.results!.draw;
    expect(drawn).toMatchObject({ number: before.number, status: 'drawn' });
    expect(after.data!.number).not.toBe(before.number);
    expect(after.data!.seedHash).not.toBe(drawn.seedHash);
    // Anyone can check it: the revealed seed matches its commitment, the list its hash, and the winners recompute.
    expect(hex(drawn.seed!)).toBe(before.seedHash);
    const listRes = await get(`/ticket-list/${drawn.number}/`);
    expect(listRes.headers['content-type']).toContain('text/plain');
    const list = listRes.body;
    expect(hex(list)).toBe(drawn.ticketListHash);
    const tickets = list.split('\n').map((line) => ({ number: Number(line.split(':')[0]), holder: line.split(':')[1]! }));
    expect(ticketListText(tickets)).toBe(list);
    expect(tickets).toHaveLength(before.ticketCount);
    const recomputed = pickWinners(new HmacRandomSource({ serverSeed: drawn.seed!, clientSeed: drawn.ticketListHash!, nonce: drawn.number }), tickets, drawn.prizes.length);
    const winners = after.results!.winners;
    expect(winners.map((w) => w.ticketNumber)).toEqual(recomputed);
    // Three holders, ten prizes: each holder wins once.
    expect(winners).toHaveLength(3);
    expect(new Set(winners.map((w) => w.holder)).size).toBe(3);

    // Each winner's reward waits to be taken; taking it credits once.
    const rewardOf = async (p: { cookie: string }) => (await details('weekly', p.cookie)).rewards[0]!;
    const rb = await rewardOf(b);
    expect(rb).toMatchObject({ status: 'pending', number: drawn.number });
    const balanceB = await getPlayerBalance(db(), b.id);
    const takes = await Promise.all([get(`/take-reward/${rb.id}/`, b.cookie), get(`/take-reward/${rb.id}/`, b.cookie)]);
    expect(takes.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const gained = await getPlayerBalance(db(), b.id);
    expect({ gc: gained.coins - balanceB.coins, fc: gained.entries - balanceB.entries }).toEqual({ gc: rb.coins, fc: Math.round(rb.entries * 100) });
    // Someone else's reward is not found for you.
    const ra = await rewardOf(a);
    expect((await get(`/take-reward/${ra.id}/`, b.cookie)).json().error.code).toBe('LOTTERY_REWARD_NOT_FOUND');

    // Nothing earned is lost: after the window, untaken rewards are credited for their winners.
    const balanceA = await getPlayerBalance(db(), a.id);
    clock.advance(7 * DAY + 60_000);
    expect(await app().jobs.runner.runDue({ kinds: [JOB_AUTO_CREDIT] })).toBe(1);
    expect((await rewardOf(a)).status).toBe('auto');
    const creditedA = await getPlayerBalance(db(), a.id);
    expect(creditedA.coins - balanceA.coins + (creditedA.entries - balanceA.entries)).toBe(ra.coins + Math.round(ra.entries * 100));
    expect((await rewardOf(b)).status).toBe('taken');
    // A replayed draw job changes nothing.
    const { runDraw } = await import('./draws');
    await db().transaction().execute((trx) => runDraw(trx, drawn.number, { clock, rng: app().deps.rng, scheduleJob: async () => ({ scheduled: false, id: 0, status: 'done' }) as never }));
    expect((await details('weekly', a.cookie)).results!.winners.map((w) => w.ticketNumber)).toEqual(recomputed);
  });
});
