import { createHash } from 'node:crypto';
import { ledgerAtomic } from '@sweepstack/db/repositories/ledger/atomic';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { requireGame } from './play';
import { playSpins, type SpinInput } from './spin';

// A group of spins played together (one transaction, a few statements for the whole group) must
// leave exactly what the same spins leave played one after the other, each in its own transaction:
// the same outcomes, refusals, replays, balances, nonces, feature states, ledger rows and events.
// The group below mixes players and games, several spins of one player (a bought feature, a Grand
// in the middle of the group), Fortune Coins, a key given twice, and every refusal of the spin.

// Star Forge Link with this seed pair fills the grid after its bought feature: a Grand.
const GRAND_SERVER_SEED = 'e0c43c3fe7a60890c2dbd6b1e256f9ddc5e1d9c5e4d0394f5a490c69b1d17728';
const clock: Clock = { nowMs: () => 1_800_000_000_000 };

interface World {
  t: TestApp;
  players: { id: number; session: string; slug: string; gameId: number; mode: 'TournamentPoints' | 'SweepStakes' }[];
}

async function buildWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const ids = new Map((await db.selectFrom('games').select(['id', 'slug']).execute()).map((g) => [g.slug, Number(g.id)]));
  const plan = [
    { slug: 'star-forge-link', credit: { GC: 100_000 }, serverSeed: GRAND_SERVER_SEED, clientSeed: 'grand', sweep: false },
    { slug: 'reef-raiders', credit: { GC: 60_000 }, serverSeed: 'a1'.repeat(32), clientSeed: 'reef', sweep: false },
    { slug: 'nebula-drift', credit: { FC: 900 }, serverSeed: 'b2'.repeat(32), clientSeed: 'nebula', sweep: true },
    { slug: 'cherry-hearth-classic', credit: { GC: 250 }, serverSeed: 'c3'.repeat(32), clientSeed: 'cherry', sweep: false },
  ] as const;
  const players: World['players'] = [];
  for (const [n, p] of plan.entries()) {
    const { cookie, uuid } = await signUpViaApi(t.app, `group-${n}@spin.test`);
    const player = (await findPlayerByUuid(db, uuid))!;
    for (const [currency, amount] of Object.entries(p.credit) as ['GC' | 'FC', number][]) {
      await transfer(db, { idempotencyKey: `group-credit:${player.id}:${currency}`, from: { system: 'promotions' }, to: { playerId: player.id, kind: currency === 'GC' ? 'player_balance' : 'player_unplayed' }, currency, amount, reason: 'promotion' });
    }
    if (p.sweep) await t.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie } });
    const gameId = ids.get(p.slug)!;
    const launch = await t.app.inject({ method: 'GET', url: `/rest/game/${gameId}/play/`, headers: { cookie } });
    expect(launch.statusCode, launch.body).toBe(200);
    await db
      .updateTable('fairness_seeds')
      .set({ server_seed: p.serverSeed, server_seed_hash: createHash('sha256').update(Buffer.from(p.serverSeed, 'hex')).digest('hex'), client_seed: p.clientSeed, next_nonce: 0 })
      .where('player_id', '=', player.id)
      .where('status', '=', 'active')
      .execute();
    players.push({ id: player.id, session: launch.json().data.session, slug: p.slug, gameId, mode: p.sweep ? 'SweepStakes' : 'TournamentPoints' });
  }
  return { t, players };
}

/** The group's requests, in order, against one world (sessions differ between worlds, nothing else). */
async function requests(world: World) {
  const [koi, reef, nebula, cherry] = world.players as [World['players'][number], World['players'][number], World['players'][number], World['players'][number]];
  const deps = world.t.app.deps;
  const req = async (p: World['players'][number], key: string, bet: number, extra: Partial<SpinInput> = {}) => ({
    game: await requireGame(deps, extra.gameId ?? p.gameId),
    input: { playerId: p.id, player: { accountStatus: 'ACTIVE' as const, gameMode: p.mode }, gameId: p.gameId, session: p.session, bet, buy: false, idempotencyKey: key, ...extra },
  });
  const list = [
    await req(koi, 'koi-0', 100, { buy: true }),
    await req(reef, 'reef-0', 100),
    await req(nebula, 'nebula-0', 100),
    await req(cherry, 'cherry-0', 100),
    await req(reef, 'reef-1', 100, { buy: true }),
    await req(reef, 'reef-0', 100), // the same request again: its replay
    await req(cherry, 'cherry-0', 200), // the same key, another bet: a conflict
    await req(nebula, 'nebula-1', 100_000_000), // over the maximum bet
    await req(reef, 'reef-2', 300), // a free spin at another bet than the feature's
    await req(cherry, 'cherry-1', 100),
    await req(cherry, 'cherry-2', 100),
    await req(cherry, 'cherry-3', 100),
    await req(koi, 'someone-else', 100, { playerId: reef.id }), // another player's session
    await req(koi, 'unknown', 100, { session: 'no-such-session' }),
    await req(nebula, 'nebula-2', 100),
  ];
  for (let k = 1; k <= 14; k++) list.push(await req(koi, `koi-${k}`, 100));
  for (let k = 3; k <= 10; k++) list.push(await req(reef, `reef-${k}`, 100));
  // Ten Fortune Coins in all: the coins run out somewhere here.
  for (let k = 3; k <= 14; k++) list.push(await req(nebula, `nebula-${k}`, 100));
  return list;
}

function view(result: Awaited<ReturnType<typeof playSpins>>[number]) {
  if (!result.ok) return result;
  const { id, player_id, session_id, game_id, currency, idempotency_key, bet, stake, win, jackpot_contribution, jackpot_win, step, bought, seed_id, nonce, state_before_json, outcome_json, balance_after } = result.round;
  return { replayed: result.replayed, round: { id: Number(id), player_id: Number(player_id), session_id: Number(session_id), game_id: Number(game_id), currency, idempotency_key, bet: Number(bet), stake: Number(stake), win: Number(win), jackpot_contribution: Number(jackpot_contribution), jackpot_win: Number(jackpot_win), step, bought: Number(bought), seed_id: Number(seed_id), nonce: Number(nonce), state_before_json, outcome_json, balance_after: Number(balance_after) } };
}

/** Everything the spins wrote, without ids of other tables' rows or timestamps. */
async function stored(t: TestApp, fromEventId: number) {
  const db = t.database.db;
  const num = (v: unknown) => (v === null ? null : Number(v));
  const transfers = (await db.selectFrom('ledger_transfers').select(['idempotency_key', 'debit_account_id', 'credit_account_id', 'currency', 'amount', 'reason', 'metadata_json']).orderBy('id').execute()).map((r) => ({ ...r, debit_account_id: num(r.debit_account_id), credit_account_id: num(r.credit_account_id), amount: num(r.amount) }));
  const accounts = (await db.selectFrom('ledger_accounts').select(['id', 'balance']).orderBy('id').execute()).map((r) => [num(r.id), num(r.balance)]);
  const sessions = (await db.selectFrom('game_sessions').select(['id', 'feature_state_json', 'rounds_played']).orderBy('id').execute()).map((r) => [num(r.id), r.feature_state_json, num(r.rounds_played)]);
  const seeds = (await db.selectFrom('fairness_seeds').select(['id', 'next_nonce']).orderBy('id').execute()).map((r) => [num(r.id), num(r.next_nonce)]);
  const events = await db.selectFrom('domain_events').select(['type', 'player_id', 'payload_json', 'push_json']).where('id', '>', fromEventId).orderBy('id').execute();
  // A busy pool's value is pushed once per group (as of its end), not after the round that claimed
  // the push, and a Grand's push reads the pool as the group's end left it: compare those by what they announce.
  const jackpotPushes = events.filter((e) => e.type === 'game.jackpot-changed').map((e) => (JSON.parse(e.push_json!) as { data: { won: { amount: number } | null } }).data.won);
  const other = events.filter((e) => e.type !== 'game.jackpot-changed').map((e) => ({ ...e, player_id: num(e.player_id) }));
  return { transfers, accounts, sessions, seeds, events: other, grands: jackpotPushes.filter((won) => won !== null) };
}

async function lastEventId(t: TestApp): Promise<number> {
  return Number((await t.database.db.selectFrom('domain_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
}

describe.each(dialectsUnderTest())('a group of spins on %s', (dialect) => {
  let one: World;
  let group: World;

  beforeAll(async () => {
    // No event handlers and no jobs: features react to rounds in the background (experience, drops,
    // tickets…), at times that differ between the two apps; this test compares what the spins write.
    const quiet = { OUTBOX_DISPATCHER: 'false', JOBS_RUNNER: 'false' };
    one = await buildWorld(await createTestApp(dialect, { seed: true, clock, env: quiet }));
    group = await buildWorld(await createTestApp(dialect, { seed: true, clock, env: quiet }));
  }, 120_000);
  afterAll(async () => {
    await one?.t.close();
    await group?.t.close();
  });

  it('leaves exactly what the same spins leave one after the other', async () => {
    expect(group.players.map((p) => p.id)).toEqual(one.players.map((p) => p.id));
    const [eventsOne, eventsGroup] = [await lastEventId(one.t), await lastEventId(group.t)];

    const sequential = [];
    for (const request of await requests(one)) sequential.push(await ledgerAtomic(one.t.database.db, async (trx) => (await playSpins(one.t.app.deps, trx, [request]))[0]!));
    const groupRequests = await requests(group);
    const together = await group.t.database.db.transaction().execute((trx) => playSpins(group.t.app.deps, trx, groupRequests));

    expect(together.map(view)).toEqual(sequential.map(view));
    // The scenario covers what it claims to.
    const codes = together.map((r) => (r.ok ? (r.replayed ? 'replayed' : r.round.jackpot_win > 0 ? 'grand' : 'played') : r.code));
    for (const code of ['played', 'replayed', 'grand', 'GAME_ROUND_KEY_CONFLICT', 'GAME_BET_OVER_MAX', 'GAME_FEATURE_IN_PROGRESS', 'WALLET_INSUFFICIENT_FUNDS', 'GAME_SESSION_FORBIDDEN', 'GAME_SESSION_NOT_FOUND']) expect(codes).toContain(code);
    expect(together.filter((r) => r.ok && !r.replayed && r.round.currency === 'FC').length).toBeGreaterThan(0);
    // A round after the Grand in the same group, so the group went on from the paid-out pool.
    expect(codes.lastIndexOf('played')).toBeGreaterThan(codes.indexOf('grand'));

    const [a, b] = [await stored(one.t, eventsOne), await stored(group.t, eventsGroup)];
    expect(b.transfers).toEqual(a.transfers);
    expect(b.accounts).toEqual(a.accounts);
    expect(b.sessions).toEqual(a.sessions);
    expect(b.seeds).toEqual(a.seeds);
    expect(b.events).toEqual(a.events);
    expect(b.grands).toEqual(a.grands);
    expect(b.grands.length).toBe(1);
    for (const p of group.players) expect(await getPlayerBalance(group.t.database.db, p.id)).toEqual(await getPlayerBalance(one.t.database.db, p.id));
    await expectLedgerBalanced(one.t.database.db);
    await expectLedgerBalanced(group.t.database.db);
  });
});

describe.each(dialectsUnderTest())('a game session\'s last-played time on %s', (dialect) => {
  let t: TestApp;
  let now = 1_800_000_000_000;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock: { nowMs: () => now } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('launches always set it, rounds refresh it only once it is a minute old, and recent games follow it', async () => {
    const db = t.database.db;
    const { cookie, uuid } = await signUpViaApi(t.app, 'touch@spin.test');
    const player = (await findPlayerByUuid(db, uuid))!;
    await transfer(db, { idempotencyKey: `touch-credit:${player.id}`, from: { system: 'promotions' }, to: { playerId: player.id, kind: 'player_balance' }, currency: 'GC', amount: 100_000, reason: 'promotion' });
    const ids = new Map((await db.selectFrom('games').select(['id', 'slug']).execute()).map((g) => [g.slug, Number(g.id)]));
    const [a, b] = [ids.get('cherry-hearth-classic')!, ids.get('nebula-drift')!];
    const launch = async (gameId: number) => (await t.app.inject({ method: 'GET', url: `/rest/game/${gameId}/play/`, headers: { cookie } })).json().data.session as string;
    let key = 0;
    const spinOn = async (gameId: number, session: string) => {
      const response = await t.app.inject({ method: 'POST', url: `/rest/game/${gameId}/spin/`, headers: { cookie }, payload: { session, bet: 100, idempotencyKey: `touch-key-${key++}` } });
      expect(response.statusCode, response.body).toBe(200);
    };
    const touchedAt = async (gameId: number) => Number((await db.selectFrom('game_sessions').select('updated_at_ms').where('player_id', '=', player.id).where('game_id', '=', gameId).executeTakeFirstOrThrow()).updated_at_ms);
    const lastGames = async () => (await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } })).json().data.lastGames as number[];

    const start = now;
    const session = await launch(a);
    expect(await touchedAt(a)).toBe(start);
    now = start + 30_000;
    await spinOn(a, session);
    expect(await touchedAt(a)).toBe(start);
    now = start + 61_000;
    await spinOn(a, session);
    expect(await touchedAt(a)).toBe(start + 61_000);
    now = start + 62_000;
    await launch(b);
    expect(await lastGames()).toEqual([b, a]);
    now = start + 63_000;
    await launch(a);
    expect(await touchedAt(a)).toBe(start + 63_000);
    expect(await lastGames()).toEqual([a, b]);
    expect(Number((await db.selectFrom('game_sessions').select('rounds_played').where('game_id', '=', a).where('player_id', '=', player.id).executeTakeFirstOrThrow()).rounds_played)).toBe(2);
    await expectLedgerBalanced(db);
  });
});
