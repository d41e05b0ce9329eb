import { ZAppInitResponse } from '@sweepstack/contracts/app/app-init';
import { ZCashback, ZCashbackPayResponse, ZCashbackResponse, type Cashback } from '@sweepstack/contracts/rank-league/cashback';
import { ZRankLeagueInfo, ZRankLeagueInfoResponse, type RankLeagueInfo } from '@sweepstack/contracts/rank-league/info';
import type { DialectName } from '@sweepstack/db/connection';
import * as spanishTitlesMigration from '@sweepstack/db/rank-league/migrations/1061-rank-league-spanish-section-titles';
import { rankLeagueLevel } from '@sweepstack/db/rank-league/repository';
import { cashbackOf } from '@sweepstack/domain/rank-league/cashback';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../testing/auth-helpers';
import { featureTestApp } from '../../testing/feature-test-app';
import { CLOSE_PERIOD_JOB, EXPIRE_CASHBACK_JOB } from './period-jobs';

const DAY = 86_400_000;
const BET = 10_000;
let keys = 0;
const requestKey = () => `rank-league-test-${++keys}-${Date.now()}`;

interface Player {
  cookie: string;
  id: number;
  wagered: number;
  won: number;
}

/** Rules for the walk: 0.01 experience per Gold Coin, so a 10,000 GC spin earns 100; section 2 after 300. */
const TEST_RULES = {
  experienceMilliPerCoin: { GC: 10, FC: 10_000 },
  houseEdgeBp: 300,
  cashbackClaimDays: 7,
  sections: [
    { slug: 'bronze', title: 'Bronze', levels: [150, 150], reward: null, cashbackBp: 200, keepExperience: 0, dailyWheelPrize: null },
    { slug: 'silver', title: 'Silver', titleEs: 'Plata', levels: [100_000], reward: { kind: 'gold_coins', amount: 5000 }, cashbackBp: 1000, keepExperience: 300, dailyWheelPrize: { kind: 'gold_coins', amount: 700 } },
    { slug: 'gold', title: 'Gold', levels: [100_000], reward: { kind: 'gold_coins', amount: 20_000 }, cashbackBp: 1500, keepExperience: 500, dailyWheelPrize: null },
  ],
};

describe.each(dialectsUnderTest())('VIP rank league and cashback on %s', (dialect: DialectName) => {
  // Thursday 26 November 2026, noon in New York (the operator's zone): the week runs Monday to Monday.
  const clock = new ManualClock(Date.parse('2026-11-26T17:00:00Z'));
  const h = featureTestApp(dialect, { name: 'vip', clock }).hooks();
  const db = h.db;
  const app = h.app;

  const operator = (method: 'GET' | 'PUT', url: string, payload?: unknown) => h.operator(method, `/rank-league${url}`, payload);
  const signUp = async (): Promise<Player> => ({ ...(await h.signUp({ GC: 10_000_000 })), wagered: 0, won: 0 });
  const appInit = async (player?: Player) => {
    const res = await app().inject({ method: 'GET', url: '/rest/app/init/', headers: player ? { cookie: player.cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return ZAppInitResponse.parse(res.json()).data.rankLeague;
  };
  const info = async (player?: Player): Promise<RankLeagueInfo> => {
    const res = await app().inject({ method: 'GET', url: '/rest/rank-league/info/', headers: player ? { cookie: player.cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return ZRankLeagueInfoResponse.parse(res.json()).data;
  };
  const cashback = async (player: Player): Promise<Cashback> => {
    const res = await app().inject({ method: 'GET', url: '/rest/cashback/', headers: { cookie: player.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return ZCashbackResponse.parse(res.json()).data;
  };
  const pay = (player: Player) => app().inject({ method: 'POST', url: '/rest/cashback/pay/', headers: { cookie: player.cookie } });
  const pushes = async (player: Player, action?: string) => {
    const rows = await db().selectFrom('domain_events').select('push_json').where('player_id', '=', player.id).where('push_json', 'is not', null).orderBy('id').execute();
    return rows.map((r) => JSON.parse(r.push_json!) as { type: string; action: string; data: Record<string, unknown> }).filter((p) => p.type === 'rankLeague' && (action === undefined || p.action === action));
  };
  /** Waits until every event was dispatched to the handlers (a failing handler fails the test). */
  const settle = h.settle;
  /** Real spins through the play API at 10,000 GC; at least `rounds`, and on until the player is down 100 on them (so cashback is owed). */
  const play = async (player: Player, rounds: number, untilDown = false, bet = BET, maxRounds = 150) => {
    const game = await db().selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow();
    const launched = await app().inject({ method: 'GET', url: `/rest/game/${game.id}/play/`, headers: { cookie: player.cookie } });
    expect(launched.statusCode, launched.body).toBe(200);
    const { session } = launched.json().data as { session: string };
    // `rounds` counts rounds that took a stake: a round of a free-spins feature the game triggered stakes
    // nothing and earns no experience (the walk needs exactly 3 × 100 experience for Silver).
    let staked = 0;
    for (let i = 0; i < maxRounds && (staked < rounds || (untilDown && player.wagered - player.won < 100)); i++) {
      const res = await app().inject({ method: 'POST', url: `/rest/game/${game.id}/spin/`, headers: { cookie: player.cookie }, payload: { session, bet, idempotencyKey: requestKey() } });
      expect(res.statusCode, res.body).toBe(200);
      const round = res.json().data as { stake: number; win: number };
      if (round.stake > 0) staked += 1;
      player.wagered += round.stake;
      player.won += round.win;
    }
    expect(staked, 'rounds that took a stake').toBeGreaterThanOrEqual(rounds);
    await settle();
  };
  const ledgerRows = (key: string) => db().selectFrom('ledger_transfers').select(['amount', 'currency']).where('idempotency_key', 'like', `${key}%`).execute();

  it('publishes the seeded league: guests see it off in app init, a new player at level 1 of the first section', async () => {
    expect(await appInit()).toMatchObject({ enabled: false, currentSection: null });
    const published = await info();
    expect(published).toMatchObject({ enabled: true, experiencePerCoin: { GC: 0.01, FC: 10 }, houseEdgePercent: 3, cashbackClaimDays: 7, player: null, period: { key: '2026-11-23' } });
    expect(published.sections.map((s) => s.title)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
    expect(published.sections[1]).toMatchObject({ index: 2, cashbackPercent: 5, reward: { kind: 'gold_coins', amount: 5000 } });
    const player = await signUp();
    const slice = await appInit(player);
    expect(slice).toMatchObject({ enabled: true, currentSection: 1, currentLevel: { currentExperience: 0, neededExperience: 10 }, nextLevel: { level: 2, neededExperience: 25 }, coinsBack: 2, playerFullCompletedLeague: false, sectionsCount: 5, availableWheel: false, progressBlockedReason: null });
    expect(slice.sumAllLevelsPoints).toBe(published.sections.flatMap((s) => s.levels).reduce((sum, l) => sum + l.neededExperience, 0));
    expect(slice.nextSectionBenefits).toMatchObject({ index: 2, title: 'Silver' });
    expect(await rankLeagueLevel(db(), player.id)).toBe(1);
  });

  it('names the sections in Spanish from operator data (?locale=es, app init and pushes carry both); an install seeded before the Spanish names gets the shipped ones by migration', async () => {
    const spanish = ['Bronce', 'Plata', 'Oro', 'Platino', 'Diamante'];
    const read = async (url: string, player?: Player) => {
      const res = await app().inject({ method: 'GET', url, headers: player ? { cookie: player.cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as unknown;
    };
    const es = ZRankLeagueInfo.parse(await read('/rest/rank-league/info/?locale=es'));
    expect(es.sections.map((s) => s.title)).toEqual(spanish);
    expect(es.sections.map((s) => s.titles)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'].map((en, i) => ({ en, es: spanish[i] })));
    expect(ZRankLeagueInfo.parse(await read('/rest/rank-league/info/?locale=en')).sections.map((s) => s.title)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
    const player = await signUp();
    expect(ZCashback.parse(await read('/rest/cashback/?locale=es', player)).sections.map((s) => s.title)).toEqual(spanish);
    // App init serves pages in either language: the English title (the spec's) and both names.
    expect((await appInit(player)).nextSectionBenefits).toMatchObject({ title: 'Silver', titles: { en: 'Silver', es: 'Plata' } });
    const badLocale = await app().inject({ method: 'GET', url: '/rest/rank-league/info/?locale=fr' });
    expect([badLocale.statusCode, badLocale.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badTitle = await operator('PUT', '/rules/', { ...TEST_RULES, sections: [{ ...TEST_RULES.sections[0], titleEs: 'x'.repeat(41) }, ...TEST_RULES.sections.slice(1)] });
    expect([badTitle.statusCode, badTitle.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);

    // An install seeded before the Spanish names: its stored rules (and the status row app init reads)
    // have none, and its operator renamed one section. The migration adds the shipped Spanish names to
    // the shipped sections still under their shipped English names, and nothing to the renamed one.
    const versions = await db().selectFrom('rank_league_versions').select(['id', 'rules_json']).execute();
    const status = await db().selectFrom('feature_status').select('status_json').where('feature', '=', 'rank-league').executeTakeFirstOrThrow();
    type StoredRules = { sections: { slug: string; title: string; titleEs?: string | null }[] };
    const before = (rules: StoredRules) => ({ ...rules, sections: rules.sections.map(({ titleEs: _dropped, ...section }) => (section.slug === 'gold' ? { ...section, title: 'Golden' } : section)) });
    try {
      for (const row of versions) await db().updateTable('rank_league_versions').set({ rules_json: JSON.stringify(before(JSON.parse(row.rules_json) as StoredRules)) }).where('id', '=', row.id).execute();
      const oldStatus = JSON.parse(status.status_json) as { versions: { rules: StoredRules }[] };
      await db().updateTable('feature_status').set({ status_json: JSON.stringify({ ...oldStatus, versions: oldStatus.versions.map((v) => ({ ...v, rules: before(v.rules) })) }) }).where('feature', '=', 'rank-league').execute();
      expect(ZRankLeagueInfo.parse(await read('/rest/rank-league/info/?locale=es')).sections.map((s) => s.title)).toEqual(['Bronze', 'Silver', 'Golden', 'Platinum', 'Diamond']);
      await spanishTitlesMigration.up(db());
      const migrated = ['Bronce', 'Plata', 'Golden', 'Platino', 'Diamante'];
      expect(ZRankLeagueInfo.parse(await read('/rest/rank-league/info/?locale=es')).sections.map((s) => s.title)).toEqual(migrated);
      const statusAfter = JSON.parse((await db().selectFrom('feature_status').select('status_json').where('feature', '=', 'rank-league').executeTakeFirstOrThrow()).status_json) as { versions: { rules: StoredRules }[] };
      expect(statusAfter.versions[0]!.rules.sections.map((s) => s.titleEs ?? s.title)).toEqual(migrated);
      // Run again (or after an operator's own Spanish name): nothing changes.
      await spanishTitlesMigration.up(db());
      expect(ZRankLeagueInfo.parse(await read('/rest/rank-league/info/?locale=es')).sections.map((s) => s.title)).toEqual(migrated);
      await spanishTitlesMigration.down(db());
      expect(ZRankLeagueInfo.parse(await read('/rest/rank-league/info/?locale=es')).sections.map((s) => s.title)).toEqual(['Bronze', 'Silver', 'Golden', 'Platinum', 'Diamond']);
    } finally {
      for (const row of versions) await db().updateTable('rank_league_versions').set({ rules_json: row.rules_json }).where('id', '=', row.id).execute();
      await db().updateTable('feature_status').set({ status_json: status.status_json }).where('feature', '=', 'rank-league').execute();
    }
    expect(ZRankLeagueInfo.parse(await read('/rest/rank-league/info/?locale=es')).sections.map((s) => s.title)).toEqual(spanish);
  });

  it('refuses bad rules and a guest claim with stable codes; new rules wait for the next week', async () => {
    const bad = await operator('PUT', '/rules/', { ...TEST_RULES, sections: [{ ...TEST_RULES.sections[0], reward: { kind: 'gold_coins', amount: 1 } }] });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const guest = await app().inject({ method: 'POST', url: '/rest/cashback/pay/' });
    expect(guest.statusCode).toBe(401);
    const saved = await operator('PUT', '/rules/', TEST_RULES);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.effectiveFromMs).toBe(Date.parse('2026-11-30T05:00:00Z'));
    // This week still runs on the seeded rules.
    expect((await info()).sections).toHaveLength(5);
    expect((await info()).upcomingFrom).toBe('2026-11-30T05:00:00.000Z');
    const audit = await db().selectFrom('operator_audit').select('action').where('action', '=', 'rank-league.rules.update').execute();
    expect(audit).toHaveLength(1);
  });

  it('walks players through a week: level-ups from real spins, a section up paid once, cashback at the week end, claimed once under concurrency, an unclaimed one credited when its window ends, demotion the week after', async () => {
    // Monday 30 November, 01:00 in New York: the new rules are in force.
    clock.advance(Date.parse('2026-11-30T06:00:00Z') - clock.nowMs());
    expect((await info()).sections.map((s) => s.slug)).toEqual(['bronze', 'silver', 'gold']);
    // A player up on the week is owed no cashback, and a big win early (a bonus round) can keep one up
    // for thousands of rounds: after 300 rounds still up, the walk takes another player (at most five).
    let vip: Player | undefined;
    let balanceBefore = { coins: 0 };
    let wonBeforeRest = 0;
    for (let tries = 1; !vip; tries++) {
      const candidate = await signUp();
      await play(candidate, 1);
      expect(await appInit(candidate)).toMatchObject({ currentSection: 1, currentLevel: { currentExperience: 100, neededExperience: 150 } });
      balanceBefore = await getPlayerBalance(db(), candidate.id);
      wonBeforeRest = candidate.won;
      await play(candidate, 5, true, BET, 300);
      if (candidate.wagered - candidate.won >= 100) vip = candidate;
      else expect(tries, 'players still up on the week after 300 rounds').toBeLessThan(5);
    }
    // 6+ spins of 10,000 GC: 600+ experience, past both Bronze levels (300) into Silver.
    const slice = await appInit(vip);
    expect(slice).toMatchObject({ currentSection: 2, coinsBack: 10, availableWheel: true, rankLeagueDailyWheelPrize: { kind: 'gold_coins', amount: 700 }, nextSectionBenefits: { title: 'Gold' } });
    expect(slice.currentLevel!.currentExperience).toBe(Math.floor(vip.wagered / 100) - 300);
    expect(await rankLeagueLevel(db(), vip.id)).toBe(3);
    const sectionUps = await pushes(vip, 'sectionUp');
    expect(sectionUps).toHaveLength(1);
    expect(sectionUps[0]!.data).toMatchObject({ section: 2, title: 'Silver', titles: { en: 'Silver', es: 'Plata' }, reward: { kind: 'gold_coins', amount: 5000 } });
    expect((await pushes(vip, 'progressData')).length).toBeGreaterThanOrEqual(2);
    const sectionPaid = await ledgerRows(`rank-league:section:${vip.id}:`);
    expect(sectionPaid.map((r) => [Number(r.amount), r.currency])).toEqual([[5000, 'GC']]);
    // The balance moved by the spins after the first and the section's reward, nothing else.
    const firstSpin = { wagered: BET, won: wonBeforeRest };
    expect(Number((await getPlayerBalance(db(), vip.id)).coins)).toBe(balanceBefore.coins - (vip.wagered - firstSpin.wagered) + (vip.won - firstSpin.won) + 5000);
    // 100 GC spins (1 experience each), at least 20, on until down 100 (a lucky start may take it to
    // Silver); another player when one stays up for 1,000 rounds, as above.
    let quiet: Player | undefined;
    for (let tries = 1; !quiet; tries++) {
      const candidate = await signUp();
      await play(candidate, 20, true, 100, 1000);
      if (candidate.wagered - candidate.won >= 100) quiet = candidate;
      else expect(tries, 'players still up on the week after 1,000 rounds').toBeLessThan(5);
    }
    const quietRateBp = (await appInit(quiet)).coinsBack * 100;

    // The week ends (Monday 7 December, 00:00 in New York): the durable job calculates cashback.
    clock.advance(Date.parse('2026-12-07T05:00:01Z') - clock.nowMs());
    expect(await app().jobs.runner.runDue({ kinds: [CLOSE_PERIOD_JOB] })).toBe(1);
    await settle();
    const counted = (p: Player, edgeBp: number) => Math.max(0, Math.min(Math.floor((p.wagered * edgeBp) / 10_000), p.wagered - p.won));
    const vipOwed = Math.floor((counted(vip, 300) * 1000) / 10_000);
    const quietOwed = Math.floor((counted(quiet, 300) * quietRateBp) / 10_000);
    expect(vipOwed).toBeGreaterThan(0);
    expect(quietOwed).toBeGreaterThan(0);
    expect(await pushes(vip, 'cashback calculated')).toEqual([expect.objectContaining({ data: expect.objectContaining({ periodKey: '2026-11-30', prize: { coins: vipOwed, entries: 0 } }) })]);
    expect(await cashback(vip)).toMatchObject({ status: 'available', currentReward: 10, nextReward: 15, prize: { coins: vipOwed, entries: 0 }, periodKey: '2026-11-30', availableAfterDay: '2026-12-14' });

    // Five claims at once: one pays, the others are refused; nothing moved twice.
    const before = Number((await getPlayerBalance(db(), vip.id)).coins);
    const claims = await Promise.all(Array.from({ length: 5 }, () => pay(vip)));
    const ok = claims.filter((c) => c.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ZCashbackPayResponse.parse(ok[0]!.json()).data).toEqual({ prize: { coins: vipOwed, entries: 0 }, periodKey: '2026-11-30' });
    for (const refused of claims.filter((c) => c.statusCode !== 200)) expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'CASHBACK_NOT_AVAILABLE']);
    expect(Number((await getPlayerBalance(db(), vip.id)).coins)).toBe(before + vipOwed);
    const again = await pay(vip);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'CASHBACK_NOT_AVAILABLE']);
    expect(await ledgerRows(`rank-league:cashback:${vip.id}:`)).toHaveLength(1);
    // A rerun of the week's job changes nothing.
    const { closePeriod } = await import('./period-jobs');
    expect(await db().transaction().execute((trx) => closePeriod(trx, '2026-11-30', clock))).toEqual({ cashbacks: 0, demoted: 0 });

    // The quiet player never claims: at the window's end it is credited with a notice (nothing earned is lost).
    const quietBefore = Number((await getPlayerBalance(db(), quiet.id)).coins);
    clock.advance(7 * DAY);
    expect(await app().jobs.runner.runDue({ kinds: [EXPIRE_CASHBACK_JOB] })).toBe(1);
    await settle();
    expect(Number((await getPlayerBalance(db(), quiet.id)).coins)).toBe(quietBefore + quietOwed);
    expect(await pushes(quiet, 'cashback expired')).toEqual([expect.objectContaining({ data: { periodKey: '2026-11-30', prize: { coins: quietOwed, entries: 0 }, credited: true } })]);
    const notices = await db().selectFrom('reward_notices').select('notice_key').where('player_id', '=', quiet.id).execute();
    expect(notices.map((n) => n.notice_key)).toContain(`rank-league:cashback:${quiet.id}:2026-11-30`);
    // A rerun of the window's job (a retry after a crash) credits nothing again.
    const { expireCashback } = await import('./period-jobs');
    expect(await db().transaction().execute((trx) => expireCashback(trx, '2026-11-30', clock))).toBe(0);
    expect(await ledgerRows(`rank-league:cashback:${quiet.id}:`)).toHaveLength(1);
    const late = await pay(quiet);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'CASHBACK_NOT_AVAILABLE']);
    expect((await cashback(quiet)).status).toBe('unavailable');

    // The second week (7–14 December): the VIP player earns nothing, below Silver's keep (300): down one section at its end.
    expect(await app().jobs.runner.runDue({ kinds: [CLOSE_PERIOD_JOB] })).toBe(1); // 14 December has passed on the clock
    await settle();
    expect(await appInit(vip)).toMatchObject({ currentSection: 1, currentLevel: { currentExperience: 0, neededExperience: 150 } });
    expect(await rankLeagueLevel(db(), vip.id)).toBe(2);
    // Playing back into Silver does not pay its reward a second time.
    await play(vip, 3);
    expect((await appInit(vip)).currentSection).toBe(2);
    expect(await ledgerRows(`rank-league:section:${vip.id}:`)).toHaveLength(1);
    expect((await pushes(vip, 'sectionUp')).at(-1)!.data).toMatchObject({ section: 2, reward: null });
  });

  it("pays the section's daily wheel prize beside a daily wheel-of-treasure spin", async () => {
    const player = await signUp();
    await play(player, 4);
    expect((await appInit(player)).currentSection).toBe(2);
    const spun = await app().inject({ method: 'POST', url: '/rest/wheel-of-treasure/spin/', headers: { cookie: player.cookie }, payload: { kind: 'daily', requestKey: requestKey() } });
    expect(spun.statusCode, spun.body).toBe(200);
    await settle();
    const [prize] = await pushes(player, 'daily wheel prize');
    expect(prize).toMatchObject({ data: { section: 2, prize: { kind: 'gold_coins', amount: 700 } } });
    const paid = await ledgerRows(`rank-league:wheel:${player.id}:`);
    expect(paid.map((r) => [Number(r.amount), r.currency])).toEqual([[700, 'GC']]);
  });

  it('switched off by the operator: app init says so and play earns nothing; switched on again, it counts', async () => {
    const player = await signUp();
    const off = await operator('PUT', '/status/', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await appInit(player)).toMatchObject({ enabled: false, currentSection: null, progressBlockedReason: 'leagueOff' });
    // A guest has no progress to block.
    expect(await appInit()).toMatchObject({ enabled: false, progressBlockedReason: null });
    await play(player, 2);
    expect(await db().selectFrom('rank_league_players').selectAll().where('player_id', '=', player.id).execute()).toEqual([]);
    expect((await operator('PUT', '/status/', { enabled: true })).statusCode).toBe(200);
    await play(player, 1);
    expect(await appInit(player)).toMatchObject({ enabled: true, currentLevel: { currentExperience: 100, neededExperience: 150 } });
    const state = await operator('GET', '/');
    expect(state.json().data).toMatchObject({ enabled: true, current: { rules: { sections: [{ slug: 'bronze' }, { slug: 'silver' }, { slug: 'gold' }] } } });
    const audit = await db().selectFrom('operator_audit').select('action').where('action', '=', 'rank-league.status.update').execute();
    expect(audit).toHaveLength(2);
    const bad = await operator('PUT', '/status/', { enabled: 'yes' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('tells a player who cannot play why the progress stands still: self-excluded, cooling off', async () => {
    // (A blocked or closed account has no session: it never reads its league.)
    for (const [status, reason] of [['SELF_EXCLUDED', 'selfExcluded'], ['COOLING_OFF', 'coolingOff']] as const) {
      const player = await signUp();
      expect((await appInit(player)).progressBlockedReason).toBeNull();
      await db().updateTable('players').set({ account_status: status }).where('id', '=', player.id).execute();
      expect(await appInit(player), status).toMatchObject({ enabled: true, currentSection: 1, progressBlockedReason: reason });
      expect((await info(player)).player, status).toMatchObject({ progressBlockedReason: reason });
      await db().updateTable('players').set({ account_status: 'ACTIVE' }).where('id', '=', player.id).execute();
      expect((await appInit(player)).progressBlockedReason).toBeNull();
    }
  });
  it("counts a round toward the week of its own time: the week's close waits for rounds played just before its end, a round just after belongs to the next week", async () => {
    const runCloses = () => app().jobs.runner.runDue({ kinds: [CLOSE_PERIOD_JOB] });
    // Any close already due runs first, so the one below is this week's alone.
    await runCloses();
    const week = (await info()).period;
    const endMs = Date.parse(week.endsAt);
    const player = await signUp();
    const game = await db().selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow();
    const launched = await app().inject({ method: 'GET', url: `/rest/game/${game.id}/play/`, headers: { cookie: player.cookie } });
    expect(launched.statusCode, launched.body).toBe(200);
    const { session } = launched.json().data as { session: string };
    const spinOnce = async () => {
      const res = await app().inject({ method: 'POST', url: `/rest/game/${game.id}/spin/`, headers: { cookie: player.cookie }, payload: { session, bet: BET, idempotencyKey: requestKey() } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { stake: number; win: number };
    };
    const before = { wagered: 0, won: 0 };
    const after = { wagered: 0, won: 0 };
    // A round earlier in the week, counted (its batch schedules the week's close, as the first round of a week does).
    const first = await spinOnce();
    before.wagered += first.stake;
    before.won += first.win;
    await settle();
    const dispatcher = app().realtime.dispatcher;
    // The outbox held: rounds are committed but not yet counted, as in the ~100 ms after a spin.
    await dispatcher.stop();
    try {
      clock.advance(endMs - 50 - clock.nowMs());
      // Every round at one bet (a bonus round the game triggers must be played at its bet).
      for (let i = 0; i < 2; i++) {
        const round = await spinOnce();
        before.wagered += round.stake;
        before.won += round.win;
      }
      clock.advance(endMs + 30 - clock.nowMs());
      const round = await spinOnce();
      after.wagered += round.stake;
      after.won += round.win;
      // The week has ended and its close is due, but two of its rounds are not counted: it waits.
      expect(await runCloses()).toBe(1);
      expect(await db().selectFrom('rank_league_periods').select('period_key').where('period_key', '=', week.key).execute()).toEqual([]);
      expect(await db().selectFrom('rank_league_cashback').select('player_id').where('period_key', '=', week.key).execute()).toEqual([]);
    } finally {
      await dispatcher.start();
    }
    await settle();
    const playOf = (periodKey: string) => db().selectFrom('rank_league_period_play').select(['gc_wagered', 'gc_won']).where('player_id', '=', player.id).where('period_key', '=', periodKey).executeTakeFirst();
    const nextKey = (await info()).period.key;
    expect(nextKey).not.toBe(week.key);
    // Each round in the week of its own time.
    expect(await playOf(week.key)).toEqual({ gc_wagered: before.wagered, gc_won: before.won });
    expect(await playOf(nextKey)).toEqual({ gc_wagered: after.wagered, gc_won: after.won });
    // The rate is the player's section's (as the close takes it) under the rules in force.
    const rateBp = Math.round((await appInit(player)).coinsBack * 100);
    const houseEdgeBp = Math.round((await info()).houseEdgePercent * 100);
    // The retry (a few seconds later) closes the week with those rounds in its cashback.
    clock.advance(60_000);
    expect(await runCloses()).toBe(1);
    expect(await db().selectFrom('rank_league_periods').select('period_key').where('period_key', '=', week.key).execute()).toEqual([{ period_key: week.key }]);
    const owed = cashbackOf({ wagered: before.wagered, won: before.won }, houseEdgeBp, rateBp);
    const row = await db().selectFrom('rank_league_cashback').select('gold_coins').where('player_id', '=', player.id).where('period_key', '=', week.key).executeTakeFirst();
    expect(row === undefined ? 0 : Number(row.gold_coins)).toBe(owed);
  });
});
