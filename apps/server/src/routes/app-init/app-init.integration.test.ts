import { createHash } from 'node:crypto';
import { ZAppInitResponse, type AppInitData } from '@sweepstack/contracts/app/app-init';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(dialectsUnderTest())('GET /rest/app/init/ on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: { THEME: 'stormrush' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const init = async (cookie?: string): Promise<AppInitData> => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('private, no-store');
    return ZAppInitResponse.parse(res.json()).data;
  };

  it('answers a guest with no personal data and every feature off', async () => {
    const data = await init();
    expect(data).toMatchObject({
      isGuest: true,
      appName: 'stormrush',
      login: null,
      email: null,
      phone: null,
      uuid: null,
      primaryContact: null,
      emailConfirmed: false,
      isAffiliate: false,
      gameMode: 'TournamentPoints',
      depositsCount: 0,
      hasDeposits: false,
      accountStatus: null,
      termsRequirement: [],
      playerInfo: null,
      registration: { complete: false, registrationFunnel: { funnelType: null } },
      bannerPresetPackage: null,
      popupPresetPackage: null,
      popupPresetPackages: [],
      wsConnectionData: null,
      websocket: null,
      token: null,
    });
    expect(data.playerRestrictionIdsHash).toBe(sha256('guest'));
    for (const flag of [data.popUpAds, data.dailyLogin, data.scratchCardLottery, data.magicBox, data.depositStreak, data.moneyBox, data.prizeDrops, data.bingo, data.season]) {
      expect(flag.isActive).toBe(false);
    }
    expect(data.rankLeague.enabled).toBe(false);
    // The same bytes every time (served from the cached serialization).
    const again = await t.app.inject({ method: 'GET', url: '/rest/app/init/' });
    expect(again.json()).toEqual({ success: true, data });
  });

  it('answers a signed-in player from their account', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'init.player@example.com');
    const data = await init(cookie);
    expect(data).toMatchObject({
      isGuest: false,
      appName: 'stormrush',
      uuid,
      email: 'init.player@example.com',
      primaryContact: 'email',
      emailConfirmed: false,
      isAffiliate: false,
      gameMode: expect.stringMatching(/^(TournamentPoints|SweepStakes)$/),
      depositsCount: 0,
      hasDeposits: false,
      profileCompleted: false,
      accountStatus: 'ACTIVE',
      activeSocialAccounts: [],
      favoriteGames: [],
      favLast: [],
      lastGames: [],
      TournamentsSubscriptions: [],
      termsRequirement: [],
      playerInfo: { playerBalance: { entries: 0, winnings: 0, tourPoints: 0, coins: 0 } },
    });
    expect(typeof data.login).toBe('string');
    expect(typeof data.registration.complete).toBe('boolean');
    expect(data.registration.registrationFunnel.funnelType).toEqual(expect.any(String));
    // An active player with no known state has no restriction: the hash of the empty list.
    expect(data.playerRestrictionIdsHash).toBe(sha256(''));
  });

  it('reflects the account: affiliate flag, terms to confirm, restriction hash of a non-active account', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'init.affiliate@example.com');
    await t.database.db.updateTable('players').set({ is_affiliate: 1, account_status: 'SELF_EXCLUDED' }).where('uuid', '=', uuid).execute();
    const terms = await t.database.db.selectFrom('terms_documents').select(['id', 'key', 'version']).orderBy('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('terms_documents').set({ version: terms.version + 1 }).where('id', '=', terms.id).execute();
    const data = await init(cookie);
    expect(data.isAffiliate).toBe(true);
    expect(data.accountStatus).toBe('SELF_EXCLUDED');
    expect(data.termsRequirement).toEqual([{ id: terms.id, key: terms.key }]);
    expect(data.playerRestrictionIdsHash).toBe(sha256('account:SELF_EXCLUDED'));
    await t.database.db.updateTable('terms_documents').set({ version: terms.version }).where('id', '=', terms.id).execute();
  });

  it('treats an unknown session cookie as a guest', async () => {
    const data = await init('ss_session=not-a-real-token');
    expect(data.isGuest).toBe(true);
  });

  it('refuses a query string with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/app/init/?x=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
