import { ZAdventureMapInfoResponse, ZSetCurrentSectionResponse } from '@sweepstack/contracts/adventure-map/map';
import { ZFeaturesGamesInfoResponse } from '@sweepstack/contracts/app/features-games-info';
import { ZQuestResponse, ZQuestsPageResponse, type QuestsData } from '@sweepstack/contracts/quests/quest';
import type { DialectName } from '@sweepstack/db/connection';
import { addAdventureMapPointsOfMany } from '@sweepstack/db/adventure-map/repository';
import { saveQuestProgress } from '@sweepstack/db/quests/repository';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ENV, operatorCookie } from '../../kyc/testing';
import { TEST_CARDS } from '../../payments/sandbox-provider/cards';
import { sandboxProviderOf } from '../../routes/cashier/provider-registry';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { DETERMINISTIC_SANDBOX, featureTestApp } from '../../testing/feature-test-app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { EventContext } from '../../events/registry';
import { recordPush, type RecordPushRequest } from '../../realtime/push';
import { creditPlayer, type CreditPlayerRequest } from '../../rewards/credit-player';
import { startExclusion } from '../../responsible-play/exclusions';
import { progressQuests } from './handlers';
import type { QuestActivity } from '@sweepstack/domain/quests/quest-rules';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let keys = 0;
const key = () => `quests-test-${++keys}-${Date.now()}`;

interface Player {
  cookie: string;
  id: number;
}

describe.each(dialectsUnderTest())('quests and the adventure map on %s', (dialect: DialectName) => {
  const clock = new ManualClock(Date.parse('2026-11-26T17:00:00Z'));
  const base = featureTestApp(dialect, { name: 'quests', clock, jobsRunner: true, env: { THEME: 'funrize', ...DETERMINISTIC_SANDBOX } });
  const { app, db } = base;
  let gameId = 0;

  const operator = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => base.operator(method, url, payload);
  const signUp = (): Promise<Player> => base.signUp({ GC: 1_000_000 });
  const quests = async (player: Player | null, query = ''): Promise<QuestsData> => {
    const res = await app().inject({ method: 'GET', url: `/rest/quest/${query}`, headers: player ? { cookie: player.cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return ZQuestResponse.parse(res.json()).data;
  };
  const launch = async (player: Player) => {
    const res = await app().inject({ method: 'GET', url: `/rest/game/${gameId}/play/`, headers: { cookie: player.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { session: string; bets: { min: number } };
  };
  const spin = async (player: Player, session: string, bet: number) => {
    const res = await app().inject({ method: 'POST', url: `/rest/game/${gameId}/spin/`, headers: { cookie: player.cookie }, payload: { session, bet, idempotencyKey: key() } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { win: number };
  };
  const settle = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await sleep(25);
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  /** Every event handled (nothing left in the outbox), so reads see every handler's effect. */
  const drained = async () => settle(async () => (await db().selectFrom('domain_events').select('id').where('dispatched_at_ms', 'is', null).executeTakeFirst()) === undefined, 'the outbox to drain');
  const pushes = async (player: Player, type: string) => {
    const rows = await db().selectFrom('domain_events').select('push_json').where('player_id', '=', player.id).where('push_json', 'is not', null).orderBy('id').execute();
    return rows.map((r) => JSON.parse(r.push_json!) as { type: string; action: string; data: Record<string, unknown> }).filter((p) => p.type === type);
  };
  const prizesPaid = async (player: Player, prefix: string) =>
    (await db().selectFrom('ledger_transfers').select(['idempotency_key', 'currency', 'amount']).where('idempotency_key', 'like', `${prefix}%`).where('reason', '=', 'prize').orderBy('id').execute())
      .filter((row) => row.idempotency_key.endsWith(`:${player.id}:${row.currency}`))
      .map((row) => ({ key: row.idempotency_key, currency: row.currency, amount: Number(row.amount) }))
      .sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }));
  const mapInfo = async (player: Player) => ZAdventureMapInfoResponse.parse((await app().inject({ method: 'GET', url: '/rest/adventure-map-info/', headers: { cookie: player.cookie } })).json()).data;
  const move = (player: Player | null, index: unknown) => app().inject({ method: 'POST', url: '/rest/adventure-map/current/', headers: player ? { cookie: player.cookie } : {}, payload: { index } });

  beforeAll(async () => {
    await base.setup();
    gameId = Number((await db().selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow()).id);
    const map = await operator('PUT', '/adventure-map/', {
      slug: `test-map-${dialect}`,
      title: { en: 'Test isles', es: 'Islas de prueba' },
      active: true,
      startsAt: new Date(clock.nowMs() - HOUR).toISOString(),
      endsAt: new Date(clock.nowMs() + 30 * DAY).toISOString(),
      pointsPerRound: 1,
      pointsPerTask: 10,
      sections: [
        { pointsNeeded: 0, award: { coins: 0, entriesCents: 0 } },
        { pointsNeeded: 2, award: { coins: 100, entriesCents: 0 } },
        { pointsNeeded: 500, award: { coins: 200, entriesCents: 10 } },
      ],
    });
    expect(map.statusCode, map.body).toBe(200);
  }, 90_000);
  afterAll(base.close);
  afterEach(async () => {
    await drained();
    await expectLedgerBalanced(db());
  });

  it('a season quest with every task kind is completed by real spins, a sandbox purchase and a wheel spin; days unlock in order; each task pays once', async () => {
    const player = await signUp();
    const { session, bets } = await launch(player);
    const created = await operator('POST', '/quests/quests/', {
      quest: {
        slug: `trail-${dialect}`,
        type: 'season',
        title: { en: 'Trail', es: 'Sendero' },
        startsAt: new Date(clock.nowMs() - HOUR).toISOString(),
        endsAt: new Date(clock.nowMs() + 7 * DAY).toISOString(),
        daysCount: 3,
        active: true,
        sharedGameSets: { reef: [gameId] },
      },
      tasks: [
        { dayIndex: 0, kind: 'rounds', target: 3, gameIds: [gameId], prize: { coins: 300, entriesCents: 0 } },
        { dayIndex: 0, kind: 'wager', currency: 'GC', target: 2 * bets.min, prize: { coins: 0, entriesCents: 25 } },
        { dayIndex: 1, kind: 'win', currency: 'GC', target: 1, sharedGameIds: ['reef'], prize: { coins: 700, entriesCents: 0 } },
        { dayIndex: 1, kind: 'purchase', target: 1, minAmountCents: 100, prize: { coins: 900, entriesCents: 5 } },
        { dayIndex: 2, kind: 'visit', feature: 'wheel-of-treasure', target: 1, prize: { coins: 1100, entriesCents: 0 } },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const questId = created.json().data.id as number;
    const taskIds = (created.json().data.tasks as { id: number }[]).map((task) => task.id);

    const start = await quests(player);
    expect(start).toMatchObject({ type: 'season', quest: { slug: `trail-${dialect}`, daysCount: 3 }, sharedGameSets: { reef: [gameId] } });
    expect(start.games![String(gameId)]).toMatchObject({ id: gameId, slug: 'reef-raiders' });
    expect(start.playerData!.days.map((d) => [d.isLocked, d.isCompleted, d.isEnded])).toEqual([[false, false, false], [true, false, false], [true, false, false]]);
    expect(start.playerData!.days[0]!.tasks[0]).toMatchObject({ kind: 'rounds', progress: 0, current: 0, target: 3, isCompleted: false, gameIds: [gameId], action: { type: 'game', details: { gameId } }, prize: { coins: 300, entries: 0 } });
    expect(start.playerData!.days[1]!.tasks[0]).toMatchObject({ kind: 'win', sharedGameIds: ['reef'], action: { type: 'game', details: { gameId } } });
    expect(start.playerData!.days[1]!.tasks[1]!.action).toEqual({ type: 'cashbox', details: {} });
    expect(start.playerData!.days[2]!.tasks[0]!.action).toEqual({ type: 'page', details: { url: '/wheel-of-treasure/' } });
    // The optimised answer (funrize, sws) leaves the game objects out.
    expect((await quests(player, '?useOptimizedGames=1')).games).toBeNull();

    // Day 0: one round moves the rounds task (a progress push), the next two complete both tasks.
    await spin(player, session, bets.min);
    await settle(async () => (await quests(player)).playerData!.days[0]!.tasks[0]!.current === 1, 'the first round to count');
    await drained();
    let now = await quests(player);
    expect(now.playerData!.days[0]!.tasks.map((task) => [task.current, task.isCompleted])).toEqual([[1, false], [bets.min, false]]);
    expect((await pushes(player, 'quest')).at(-1)).toMatchObject({ action: 'taskProgress', data: { questId, tasks: expect.arrayContaining([expect.objectContaining({ id: taskIds[0], current: 1, progress: 33 })]) } });
    await spin(player, session, bets.min);
    await spin(player, session, bets.min);
    await settle(async () => (await quests(player)).playerData!.days[0]!.isCompleted, 'day 0 to complete');
    await drained();
    now = await quests(player);
    expect(now.playerData!.days[0]).toMatchObject({ isCompleted: true, isLocked: false });
    expect(now.playerData!.days[1]).toMatchObject({ isCompleted: false, isLocked: false });
    expect(now.playerData!.days[2]!.isLocked).toBe(true);
    expect(now.playerData!.days[0]!.tasks.map((task) => [task.progress, task.isCompleted])).toEqual([[100, true], [100, true]]);
    // The rounds that completed day 0 did not count for day 1, which was locked when they were played.
    expect(now.playerData!.days[1]!.tasks[0]!.current).toBe(0);
    const completedPushes = (await pushes(player, 'quest')).filter((p) => p.action === 'taskCompleted');
    expect(completedPushes.map((p) => (p.data.tasks as { id: number }[])[0]!.id).sort()).toEqual([taskIds[0], taskIds[1]].sort());

    // Day 1: play until a round wins, then buy a package in the sandbox.
    let won = false;
    for (let i = 0; i < 300 && !won; i++) won = (await spin(player, session, bets.min)).win > 0;
    expect(won).toBe(true);
    const sets = (await app().inject({ method: 'GET', url: '/rest/available-sets/check/' })).json().data as { packages: { id: string }[] };
    const bought = await app().inject({ method: 'POST', url: '/rest/cash/deposit/', headers: { cookie: player.cookie }, payload: { presetId: sets.packages[0]!.id, methodId: 'card', card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' }, idempotencyKey: key() } });
    expect(bought.statusCode, bought.body).toBe(200);
    await sandboxProviderOf(app()).drain();
    await settle(async () => (await quests(player)).playerData!.days[1]!.isCompleted, 'day 1 to complete');
    expect((await quests(player)).playerData!.days[2]!.isLocked).toBe(false);

    // Day 2: use the wheel of treasure.
    const wheel = await app().inject({ method: 'POST', url: '/rest/wheel-of-treasure/spin/', headers: { cookie: player.cookie }, payload: { kind: 'daily', requestKey: key() } });
    expect(wheel.statusCode, wheel.body).toBe(200);
    await settle(async () => (await quests(player)).playerData!.days[2]!.isCompleted, 'day 2 to complete');

    // More play changes nothing and pays nothing again.
    await spin(player, session, bets.min);
    await drained();
    const done = await quests(player);
    expect(done.playerData!.days.every((d) => d.isCompleted)).toBe(true);
    expect(done.playerData!.days.flatMap((d) => d.tasks.map((task) => task.progress))).toEqual([100, 100, 100, 100, 100]);
    const paid = await prizesPaid(player, 'quests:');
    expect(paid).toEqual([
      { key: `quests:${taskIds[0]}:${player.id}:GC`, currency: 'GC', amount: 300 },
      { key: `quests:${taskIds[1]}:${player.id}:FC`, currency: 'FC', amount: 25 },
      { key: `quests:${taskIds[2]}:${player.id}:GC`, currency: 'GC', amount: 700 },
      { key: `quests:${taskIds[3]}:${player.id}:FC`, currency: 'FC', amount: 5 },
      { key: `quests:${taskIds[3]}:${player.id}:GC`, currency: 'GC', amount: 900 },
      { key: `quests:${taskIds[4]}:${player.id}:GC`, currency: 'GC', amount: 1100 },
    ]);
    expect((await pushes(player, 'quest')).filter((p) => p.action === 'taskCompleted')).toHaveLength(5);

    // Progress never goes backwards, even when a write carries a smaller value.
    await db().transaction().execute((trx) => saveQuestProgress(trx, player.id, questId, new Map([[taskIds[0]!, { progress: 0, completedAtMs: null }]]), clock.nowMs()));
    expect((await quests(player)).playerData!.days[0]!.tasks[0]).toMatchObject({ current: 3, progress: 100, isCompleted: true });

    // The map counted every round and 10 points per completed task.
    const rounds = await db().selectFrom('game_rounds').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', player.id).executeTakeFirstOrThrow();
    await settle(async () => (await mapInfo(player)).points === Number(rounds.n) + 5 * 10, 'the map to count every round and task');

    // The page call answers the same under payload (spec §7).
    const page = await app().inject({ method: 'GET', url: '/rest/page/quests/?useOptimizedGames=1', headers: { cookie: player.cookie } });
    expect(ZQuestsPageResponse.parse(page.json()).payload.playerData!.days.every((d) => d.isCompleted)).toBe(true);

    // An operator cannot change what a task counts once players have progress on it, nor lower its target.
    const lower = await operator('PUT', `/quests/quests/${questId}/tasks/${taskIds[0]}/`, { dayIndex: 0, kind: 'rounds', target: 2, gameIds: [gameId], prize: { coins: 300, entriesCents: 0 } });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error.code).toBe('QUESTS_TASK_IN_PROGRESS');
    const raise = await operator('PUT', `/quests/quests/${questId}/tasks/${taskIds[0]}/`, { dayIndex: 0, kind: 'rounds', target: 4, gameIds: [gameId], prize: { coins: 300, entriesCents: 0 } });
    expect(raise.statusCode, raise.body).toBe(200);
    // A completed task stays completed and is not paid again.
    expect((await quests(player)).playerData!.days[0]!.tasks[0]).toMatchObject({ isCompleted: true, progress: 100 });
    await operator('PUT', `/quests/quests/${questId}/`, { slug: `trail-${dialect}`, type: 'season', title: { en: 'Trail', es: 'Sendero' }, startsAt: new Date(clock.nowMs() - HOUR).toISOString(), endsAt: new Date(clock.nowMs() + 7 * DAY).toISOString(), daysCount: 3, active: false, sharedGameSets: { reef: [gameId] } });
    expect((await quests(player)).quest).toBeNull();
  });

  it('an advent quest opens one day per 24 hours; the next quest is futureQuest; guests see the days of a new player', async () => {
    const startsAt = clock.nowMs() - HOUR;
    const created = await operator('POST', '/quests/quests/', {
      quest: { slug: `advent-${dialect}`, type: 'advent', title: { en: 'Advent', es: 'Adviento' }, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + 3 * DAY).toISOString(), daysCount: 3, active: true },
      tasks: [0, 1, 2].map((dayIndex) => ({ dayIndex, kind: 'rounds', target: 1, prize: { coins: 50, entriesCents: 0 } })),
    });
    expect(created.statusCode, created.body).toBe(200);
    const future = await operator('POST', '/quests/quests/', {
      quest: { slug: `later-${dialect}`, type: 'season', title: { en: 'Later', es: 'Luego' }, startsAt: new Date(startsAt + 10 * DAY).toISOString(), endsAt: new Date(startsAt + 20 * DAY).toISOString(), daysCount: 1, active: true },
    });
    expect(future.statusCode, future.body).toBe(200);
    const guest = await quests(null);
    expect(guest.quest!.slug).toBe(`advent-${dialect}`);
    expect(guest.futureQuest!.slug).toBe(`later-${dialect}`);
    expect(guest.playerData!.days.map((d) => d.isLocked)).toEqual([false, true, true]);
    expect(guest.playerData!.days[1]!.opensAt).toBe(new Date(startsAt + DAY).toISOString());

    const player = await signUp();
    const { session, bets } = await launch(player);
    await spin(player, session, bets.min);
    await settle(async () => (await quests(player)).playerData!.days[0]!.isCompleted, 'day 0 to complete');
    await drained();
    // Day 1 of an advent quest opens on its day whatever was done, and only rounds after it count for it.
    expect((await quests(player)).playerData!.days.map((d) => d.isCompleted)).toEqual([true, false, false]);
    clock.advance(DAY);
    expect((await quests(player)).playerData!.days.map((d) => d.isLocked)).toEqual([false, false, true]);
    await spin(player, (await launch(player)).session, bets.min);
    await settle(async () => (await quests(player)).playerData!.days[1]!.isCompleted, 'day 1 to complete');
    await drained();
    expect((await quests(player)).playerData!.days.map((d) => d.isCompleted)).toEqual([true, true, false]);
    clock.advance(3 * DAY);
    // Ended: no quest runs, the later one is still ahead.
    const after = await quests(player);
    expect(after.quest).toBeNull();
    expect(after.futureQuest!.slug).toBe(`later-${dialect}`);
    clock.advance(-4 * DAY);
    await operator('PUT', `/quests/quests/${created.json().data.id}/`, { slug: `advent-${dialect}`, type: 'advent', title: { en: 'Advent', es: 'Adviento' }, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + 3 * DAY).toISOString(), daysCount: 3, active: false });
  });

  it('the adventure map: points from play, one stop at a time, moving onto a stop claims its award once', async () => {
    const player = await signUp();
    const refused = async (index: unknown, status: number, code: string) => {
      const res = await move(player, index);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
    };
    await refused(1, 409, 'ADVENTURE_MAP_NOT_REACHED');
    await refused(2, 409, 'ADVENTURE_MAP_NOT_NEXT');
    await refused(9, 404, 'ADVENTURE_MAP_UNKNOWN_SECTION');
    await refused('x', 400, 'VALIDATION_FAILED');
    expect((await move(null, 1)).statusCode).toBe(401);
    expect(await prizesPaid(player, 'adventure-map:')).toEqual([]);

    const { session, bets } = await launch(player);
    await spin(player, session, bets.min);
    await spin(player, session, bets.min);
    await settle(async () => (await mapInfo(player)).points === 2, 'the map points');
    await drained();
    const info = await mapInfo(player);
    expect(info.event).toMatchObject({ slug: `test-map-${dialect}`, isActive: true, pointsPerRound: 1, pointsPerTask: 10 });
    expect(info.points).toBe(2);
    expect(info.sections.map((s) => [s.index, s.isCurrent, s.isReached, s.isAwardClaimed])).toEqual([[0, true, true, false], [1, false, true, false], [2, false, false, false]]);
    expect(info.sections[2]!.progressBar).toEqual({ current: 0, target: 498, percent: 0 });
    expect(await pushes(player, 'adventureMap')).toEqual([{ type: 'adventureMap', action: 'sectionReached', data: { slug: `test-map-${dialect}`, index: 1, points: 2 } }]);
    const features = ZFeaturesGamesInfoResponse.parse((await app().inject({ method: 'GET', url: '/rest/features-games-info/info/', headers: { cookie: player.cookie } })).json()).data;
    expect(features.statusFeatures['adventure-map']).toEqual({ isActive: true });
    expect(features.adventureMap).toMatchObject({ slug: `test-map-${dialect}`, points: 2, currentIndex: 0, sectionsCount: 3, canMove: true });

    const moved = ZSetCurrentSectionResponse.parse((await move(player, 1)).json()).data;
    expect(moved).toMatchObject({ replayed: false, award: { coins: 100, entries: 0 }, section: { index: 1, isCurrent: true, isAwardClaimed: true } });
    const again = ZSetCurrentSectionResponse.parse((await move(player, 1)).json()).data;
    expect(again.replayed).toBe(true);
    expect(await prizesPaid(player, 'adventure-map:')).toEqual([{ key: `adventure-map:test-map-${dialect}:1:${player.id}:GC`, currency: 'GC', amount: 100 }]);
    const current = await app().inject({ method: 'GET', url: '/rest/adventure-map/current/', headers: { cookie: player.cookie } });
    expect(current.json().data.section).toMatchObject({ index: 1, isCurrent: true, isAwardClaimed: true });
    expect((await app().inject({ method: 'GET', url: '/rest/adventure-map/2/', headers: { cookie: player.cookie } })).json().data.section).toMatchObject({ index: 2, isCurrent: false, isReached: false });
    expect((await app().inject({ method: 'GET', url: '/rest/adventure-map/7/' })).json().error.code).toBe('ADVENTURE_MAP_UNKNOWN_SECTION');
    await refused(0, 409, 'ADVENTURE_MAP_NOT_NEXT');
    await refused(2, 409, 'ADVENTURE_MAP_NOT_REACHED');
    expect((await pushes(player, 'adventureMap')).at(-1)).toMatchObject({ action: 'awardClaimed', data: { index: 1 } });

    // Five moves at once onto the same stop: one moves and pays, the others answer the replay.
    const racer = await signUp();
    const raced = await launch(racer);
    await spin(racer, raced.session, raced.bets.min);
    await spin(racer, raced.session, raced.bets.min);
    await settle(async () => (await mapInfo(racer)).points === 2, 'the racer\'s map points');
    const answers = await Promise.all(Array.from({ length: 5 }, () => move(racer, 1)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => ZSetCurrentSectionResponse.parse(r.json()).data.replayed).filter((replayed) => !replayed)).toHaveLength(1);
    expect(await prizesPaid(racer, 'adventure-map:')).toEqual([{ key: `adventure-map:test-map-${dialect}:1:${racer.id}:GC`, currency: 'GC', amount: 100 }]);

    // A self-excluded or cooling-off player reached the stop by play before the break: the claim is
    // refused with its own code, nothing paid, the token stays.
    for (const [kind, code] of [['self_exclusion', 'ADVENTURE_MAP_SELF_EXCLUDED'], ['cooling_off', 'ADVENTURE_MAP_COOLING_OFF']] as const) {
      const excluded = await signUp();
      const played = await launch(excluded);
      await spin(excluded, played.session, played.bets.min);
      await spin(excluded, played.session, played.bets.min);
      await settle(async () => (await mapInfo(excluded)).points === 2, 'the excluded player\'s map points');
      await startExclusion(db(), clock, excluded.id, { kind, period: kind === 'cooling_off' ? '24h' : '6m', ip: null, userAgent: null });
      const res = await move(excluded, 1);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe(code);
      expect(await prizesPaid(excluded, 'adventure-map:')).toEqual([]);
      expect((await mapInfo(excluded)).sections[0]).toMatchObject({ isCurrent: true });
      expect((await pushes(excluded, 'adventureMap')).map((p) => p.action)).not.toContain('awardClaimed');
    }

    // From a state without Fortune Coin play (WA, seeded restricted): a Gold-Coin stop is claimed, a
    // stop whose award pays Fortune Coins is refused with its own code, nothing paid, the token stays.
    const restricted = await signUp();
    const profile = await app().inject({ method: 'POST', url: '/rest/player/profile/', headers: { cookie: restricted.cookie }, payload: { name: 'Ada', surname: 'Lovelace', birthday: '1990-02-03', zip: '98101', city: 'Seattle', address: '12 Main St.', phone: '+15551234567', state: 'WA' } });
    expect(profile.statusCode, profile.body).toBe(200);
    const restrictedGame = await launch(restricted);
    await spin(restricted, restrictedGame.session, restrictedGame.bets.min);
    await spin(restricted, restrictedGame.session, restrictedGame.bets.min);
    await settle(async () => (await mapInfo(restricted)).points === 2, 'the restricted player\'s map points');
    expect((await move(restricted, 1)).statusCode).toBe(200);
    // The points for the next stop as play would add them (500 rounds are not worth playing here).
    await db().transaction().execute((trx) => addAdventureMapPointsOfMany(trx, new Map([[restricted.id, 498]]), `test-map-${dialect}`, clock.nowMs()));
    expect((await mapInfo(restricted)).points).toBe(500);
    const stateRefused = await move(restricted, 2);
    expect(stateRefused.statusCode, stateRefused.body).toBe(403);
    expect(stateRefused.json().error.code).toBe('ADVENTURE_MAP_STATE_RESTRICTED');
    expect(await prizesPaid(restricted, 'adventure-map:')).toEqual([{ key: `adventure-map:test-map-${dialect}:1:${restricted.id}:GC`, currency: 'GC', amount: 100 }]);
    expect((await mapInfo(restricted)).sections[1]).toMatchObject({ isCurrent: true });

    // Nothing earned is lost: at the map's end a stop reached but not moved onto is claimed by the
    // finish job (with a notice), once; the player who moved is not paid again.
    const late = await signUp();
    const launched = await launch(late);
    await spin(late, launched.session, launched.bets.min);
    await spin(late, launched.session, launched.bets.min);
    await settle(async () => (await mapInfo(late)).points === 2, 'the map points');
    await drained();
    const mapBody = (endsAtMs: number) => ({
      slug: `test-map-${dialect}`,
      title: { en: 'Test isles', es: 'Islas de prueba' },
      active: true,
      startsAt: new Date(clock.nowMs() - 2 * HOUR).toISOString(),
      endsAt: new Date(endsAtMs).toISOString(),
      pointsPerRound: 1,
      pointsPerTask: 10,
      sections: [
        { pointsNeeded: 0, award: { coins: 0, entriesCents: 0 } },
        { pointsNeeded: 2, award: { coins: 100, entriesCents: 0 } },
        { pointsNeeded: 500, award: { coins: 200, entriesCents: 10 } },
      ],
    });
    const endsAtMs = clock.nowMs() + HOUR;
    expect((await operator('PUT', '/adventure-map/', mapBody(endsAtMs))).statusCode).toBe(200);
    clock.advance(2 * HOUR);
    await app().jobs.runner.runDue({ kinds: ['adventure-map.finish'] });
    const job = await db().selectFrom('jobs').select('status').where('kind', '=', 'adventure-map.finish').where('key', '=', `adventure-map:test-map-${dialect}:${endsAtMs}`).executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
    expect(await prizesPaid(late, 'adventure-map:')).toEqual([{ key: `adventure-map:test-map-${dialect}:1:${late.id}:GC`, currency: 'GC', amount: 100 }]);
    expect(await prizesPaid(player, 'adventure-map:')).toHaveLength(1);
    const notices = await db().selectFrom('reward_notices').select('feature').where('player_id', '=', late.id).execute();
    expect(notices.map((n) => n.feature)).toContain('adventure-map');
    const ended = await mapInfo(late);
    expect(ended.event!.isActive).toBe(false);
    expect(ended.sections[1]).toMatchObject({ isCurrent: true, isAwardClaimed: true });
    expect(ZSetCurrentSectionResponse.parse((await move(late, 1)).json()).data.replayed).toBe(true);
    expect((await operator('PUT', '/adventure-map/', mapBody(clock.nowMs() + 30 * DAY))).statusCode).toBe(200);
  });

  it('refuses bad operator input with clear codes and writes nothing', async () => {
    const count = async () => Number((await db().selectFrom('quests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const quest = { slug: `bad-${dialect}`, type: 'season', title: { en: 'Bad', es: 'Malo' }, startsAt: new Date(clock.nowMs()).toISOString(), endsAt: new Date(clock.nowMs() + DAY).toISOString(), daysCount: 2, active: true };
    const cases: [unknown, number, string][] = [
      [{ quest, tasks: [{ dayIndex: 5, kind: 'rounds', target: 1, prize: { coins: 1, entriesCents: 0 } }] }, 422, 'QUESTS_BAD_TASK'],
      [{ quest, tasks: [{ dayIndex: 0, kind: 'rounds', target: 1, gameIds: [987_654], prize: { coins: 1, entriesCents: 0 } }] }, 422, 'QUESTS_BAD_TASK'],
      [{ quest, tasks: [{ dayIndex: 0, kind: 'win', target: 1, sharedGameIds: ['nope'], currency: 'GC', prize: { coins: 1, entriesCents: 0 } }] }, 422, 'QUESTS_BAD_TASK'],
      [{ quest, tasks: [{ dayIndex: 0, kind: 'wager', target: 1, prize: { coins: 1, entriesCents: 0 } }] }, 400, 'VALIDATION_FAILED'],
      [{ quest, tasks: [{ dayIndex: 0, kind: 'visit', target: 1, prize: { coins: 1, entriesCents: 0 } }] }, 400, 'VALIDATION_FAILED'],
      [{ quest, tasks: [{ dayIndex: 0, kind: 'rounds', target: 0, prize: { coins: 1, entriesCents: 0 } }] }, 400, 'VALIDATION_FAILED'],
      [{ quest: { ...quest, endsAt: quest.startsAt } }, 400, 'VALIDATION_FAILED'],
      [{ quest: { ...quest, type: 'weekly' } }, 400, 'VALIDATION_FAILED'],
      [{ quest: { ...quest, slug: `trail-${dialect}` } }, 409, 'QUESTS_SLUG_TAKEN'],
    ];
    for (const [body, status, code] of cases) {
      const res = await operator('POST', '/quests/quests/', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    expect(await count()).toBe(before);
    expect((await operator('GET', '/quests/quests/999999/')).json().error.code).toBe('QUESTS_NOT_FOUND');
    const map = await operator('PUT', '/adventure-map/', { slug: 'x', title: { en: 'X', es: 'X' }, active: true, startsAt: quest.startsAt, endsAt: quest.endsAt, pointsPerRound: 1, pointsPerTask: 1, sections: [{ pointsNeeded: 0, award: { coins: 0, entriesCents: 0 } }, { pointsNeeded: 0, award: { coins: 1, entriesCents: 0 } }] });
    expect(map.statusCode).toBe(422);
    expect(map.json().error.code).toBe('ADVENTURE_MAP_BAD_SECTIONS');
    expect((await app().inject({ method: 'GET', url: '/rest/adventure-map-info/' })).json().data.event.slug).toBe(`test-map-${dialect}`);
    expect((await app().inject({ method: 'GET', url: '/rest/quest/?useOptimizedGames=2' })).json().error.code).toBe('VALIDATION_FAILED');
  });
});

// Two batches of one player's rounds in two transactions at once (two processes' dispatchers) on
// PostgreSQL: the second must wait for the first and add to what it wrote (each batch locks the
// player's progress rows first); without the lock both add to the same old value and one is lost.
describe.runIf(dialectsUnderTest().includes('postgres'))('quest progress from concurrent batches on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { seed: true, env: { THEME: 'nlc', ...OPERATOR_ENV } });
  }, 90_000);
  afterAll(() => t?.close());

  it('adds both batches when they run at the same time', async () => {
    const db = t.database.db;
    const cookie = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const now = Date.now();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/operator/quests/quests/',
      headers: { cookie },
      payload: { quest: { slug: 'concurrent', type: 'advent', title: { en: 'C', es: 'C' }, startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + DAY).toISOString(), daysCount: 1, active: true }, tasks: [{ dayIndex: 0, kind: 'rounds', target: 1000, prize: { coins: 10, entriesCents: 0 } }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { uuid } = await signUpViaApi(t.app, 'concurrent-batches@example.com');
    const playerId = (await findPlayerByUuid(db, uuid))!.id;
    const rounds = (n: number) => new Map([[playerId, Array.from({ length: n }, (_, i): QuestActivity => ({ kind: 'round', atMs: Date.now() + i, gameId: 1, currency: 'GC', stake: 10, win: 0 }))]]);
    // The handler as the dispatcher runs it, in a transaction of its own (the real services, bound to it).
    const batch = (n: number, hold: Promise<void> | null, done: () => void) =>
      db.transaction().execute(async (trx) => {
        const clock = t.app.deps.clock;
        const context = { trx, db: trx, clock, recordPush: (request: RecordPushRequest) => recordPush(trx, request, { clock }), creditPlayer: (request: CreditPlayerRequest) => creditPlayer(trx, request, { clock }) } as unknown as EventContext;
        await progressQuests(context, rounds(n));
        done();
        if (hold) await hold;
      });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    const first = batch(3, held, firstWrote);
    await wrote;
    // The first batch has written and still holds its transaction open; the second starts now.
    const second = batch(2, null, () => {});
    await sleep(300);
    release();
    await Promise.all([first, second]);
    const row = await db.selectFrom('quest_task_progress').select('progress').where('player_id', '=', playerId).executeTakeFirstOrThrow();
    expect(Number(row.progress)).toBe(5);
  });
});
