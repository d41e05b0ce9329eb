import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// Seeded restricted list (docs/geo-restriction.md): WA is on it, TX is not.
const PROFILE = { name: 'Ada', surname: 'Lovelace', birthday: '1990-02-03', zip: '98101', city: 'Seattle', address: '12 Main St.', phone: '+15551234567' };
const GAME = 'reef-raiders';

let counter = 0;
const key = () => `geo-${(counter += 1).toString().padStart(8, '0')}`;

describe.each(dialectsUnderTest())('Fortune Coin play from a restricted state on %s', (dialect) => {
  let t: TestApp;
  let gameId: number;

  beforeAll(async () => {
    // No outbox dispatcher: the referral feature pays a completed profile 3000 GC after commit, which would
    // land between the "before" and "after" balances of the refusal test at a random moment.
    t = await createTestApp(dialect, { seed: true, env: { OUTBOX_DISPATCHER: 'false' } });
    gameId = Number((await t.database.db.selectFrom('games').select('id').where('slug', '=', GAME).executeTakeFirstOrThrow()).id);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  /** A player with 100.00 FC of unplayed coins and the given profile state (none when null). */
  async function newPlayer(state: string | null): Promise<{ cookie: string; id: number }> {
    const { cookie, uuid } = await signUpViaApi(t.app, `${key()}@geo.test`);
    const player = (await findPlayerByUuid(t.database.db, uuid))!;
    await transfer(t.database.db, { idempotencyKey: `test-credit:${player.id}:FC`, from: { system: 'promotions' }, to: { playerId: player.id, kind: 'player_unplayed' }, currency: 'FC', amount: 10_000, reason: 'promotion' });
    if (state !== null) await setState(cookie, state);
    return { cookie, id: player.id };
  }

  async function setState(cookie: string, state: string): Promise<void> {
    const res = await t.app.inject({ method: 'POST', url: '/rest/player/profile/', headers: { cookie }, payload: { ...PROFILE, state } });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function spin(cookie: string, session: string, bet: number) {
    return t.app.inject({ method: 'POST', url: `/rest/game/${gameId}/spin/`, headers: { cookie }, payload: { session, bet, idempotencyKey: key() } });
  }

  async function gameMode(id: number): Promise<string> {
    return (await t.database.db.selectFrom('players').select('game_mode').where('id', '=', id).executeTakeFirstOrThrow()).game_mode;
  }

  async function roundsOf(id: number): Promise<number> {
    return (await t.database.db.selectFrom('game_rounds').select('id').where('player_id', '=', id).execute()).length;
  }

  it('an allowed or unknown state plays Fortune Coins', async () => {
    for (const state of ['TX', null]) {
      const p = await newPlayer(state);
      expect((await get('/rest/player/game-mode/switch-to-sweep-stakes/', p.cookie)).json()).toEqual({ success: true, gameMode: 'SweepStakes' });
      const launch = await get(`/rest/game/${gameId}/play/?isMoney=true`, p.cookie);
      expect(launch.statusCode, launch.body).toBe(200);
      expect(launch.json().data.currency).toBe('FC');
      const { session, bets } = launch.json().data as { session: string; bets: { min: number } };
      const res = await spin(p.cookie, session, bets.min);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.stake).toBe(bets.min);
    }
    await expectLedgerBalanced(t.database.db);
  });

  it('a restricted state is refused Fortune Coin spins, launches and the switch to SweepStakes; nothing moves', async () => {
    // In SweepStakes mode with an open FC session, then the profile moves to a restricted state.
    const p = await newPlayer('TX');
    await get('/rest/player/game-mode/switch-to-sweep-stakes/', p.cookie);
    const { session, bets } = (await get(`/rest/game/${gameId}/play/`, p.cookie)).json().data as { session: string; bets: { min: number } };
    await setState(p.cookie, 'WA');
    const balanceBefore = await getPlayerBalance(t.database.db, p.id);
    const roundsBefore = await roundsOf(p.id);

    const refused = await spin(p.cookie, session, bets.min);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'GEO_SWEEPSTAKES_RESTRICTED', messageKey: 'errors.geoSweepstakesRestricted' });
    for (const url of [`/rest/game/${gameId}/play/`, `/rest/game/${gameId}/play/?isMoney=true`, `/rest/game/${gameId}/`]) {
      const launch = await get(url, p.cookie);
      expect(launch.statusCode, url).toBe(403);
      expect(launch.json().error.code, url).toBe('GEO_SWEEPSTAKES_RESTRICTED');
    }
    expect(await getPlayerBalance(t.database.db, p.id)).toEqual(balanceBefore);
    expect(await roundsOf(p.id)).toBe(roundsBefore);

    // Gold Coins stay open: switch back, launch and spin.
    expect((await get('/rest/player/game-mode/switch-to-tournament-points/', p.cookie)).json()).toEqual({ success: true, gameMode: 'TournamentPoints' });
    const gc = await get(`/rest/game/${gameId}/play/`, p.cookie);
    expect(gc.statusCode, gc.body).toBe(200);
    expect(gc.json().data.currency).toBe('GC');
    const gcSpin = await spin(p.cookie, gc.json().data.session as string, 100);
    expect(gcSpin.statusCode, gcSpin.body).toBe(200);

    // …but not the way back to SweepStakes, and isMoney=true is refused before the mode check.
    const toFc = await get('/rest/player/game-mode/switch-to-sweep-stakes/', p.cookie);
    expect(toFc.statusCode).toBe(403);
    expect(toFc.json().error.code).toBe('GEO_SWEEPSTAKES_RESTRICTED');
    expect(await gameMode(p.id)).toBe('TournamentPoints');
    expect((await get(`/rest/game/${gameId}/play/?isMoney=true`, p.cookie)).json().error.code).toBe('GEO_SWEEPSTAKES_RESTRICTED');
    const after = await getPlayerBalance(t.database.db, p.id);
    expect(after.entries).toBe(balanceBefore.entries);
    await expectLedgerBalanced(t.database.db);
  });

  it('follows the operator list: a state taken off the list plays again', async () => {
    const p = await newPlayer('WA');
    expect((await get('/rest/player/game-mode/switch-to-sweep-stakes/', p.cookie)).statusCode).toBe(403);
    await setState(p.cookie, 'TX');
    expect((await get('/rest/player/game-mode/switch-to-sweep-stakes/', p.cookie)).statusCode).toBe(200);
    await expectLedgerBalanced(t.database.db);
  });
});
