import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countThrottleEvents, deleteOldThrottleEvents, recordThrottleEvent } from './auth-throttle';
import { consumeAuthToken, deleteExpiredAuthTokens, insertAuthToken } from './auth-tokens';
import { consumeOtpCode, countOtpAttempt, latestOtpCode, replaceOtpCode } from './otp-codes';
import { insertPlayer, newPlayerRow } from './players';
import { deleteExpiredSessions, findLiveSession, insertSession } from './sessions';

describe.each(dialectsUnderTest())('auth repositories on %s', (dialect) => {
  let database: TestDatabase;
  let playerId: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    playerId = await insertPlayer(
      database.db,
      newPlayerRow({ uuid: '00000000-0000-4000-8000-000000000001', email: 'repo@example.com', password_hash: 'x', birthday: '1990-01-01', login: 'Repo', referral_code: 'REPO0001', created_at_ms: 0 }),
    );
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lets exactly one of many simultaneous uses of a one-time token win', async () => {
    await insertAuthToken(database.db, { tokenHash: 'h1', kind: 'login', playerId, nowMs: 0, expiresAtMs: 1000 });
    const results = await Promise.all(Array.from({ length: 6 }, () => consumeAuthToken(database.db, 'h1', 'login', 10)));
    expect(results.filter((r) => r === playerId)).toHaveLength(1);
    expect(await consumeAuthToken(database.db, 'h1', 'password_reset', 10)).toBeUndefined();
  });

  it('counts at most 5 OTP attempts however many arrive at once', async () => {
    await replaceOtpCode(database.db, { playerId, purpose: 'email', destination: 'repo@example.com', codeHash: 'c', nowMs: 0, expiresAtMs: 1000 });
    const row = await latestOtpCode(database.db, playerId, 'email');
    if (!row) throw new Error('no code');
    const counted = await Promise.all(Array.from({ length: 9 }, () => countOtpAttempt(database.db, row.id, 5)));
    expect(counted.filter(Boolean)).toHaveLength(5);
    expect((await latestOtpCode(database.db, playerId, 'email'))?.attempts).toBe(5);
    expect(await consumeOtpCode(database.db, row.id, 5)).toBe(true);
    expect(await consumeOtpCode(database.db, row.id, 6)).toBe(false);
  });

  it('removes expired sessions and tokens and old throttle events', async () => {
    await insertSession(database.db, { tokenHash: 's-old', playerId, nowMs: 0, expiresAtMs: 100, ip: null, userAgent: null });
    await insertSession(database.db, { tokenHash: 's-new', playerId, nowMs: 0, expiresAtMs: 10_000, ip: null, userAgent: null });
    expect(await findLiveSession(database.db, 's-old', 100)).toBeUndefined();
    expect(await deleteExpiredSessions(database.db, 100)).toBe(1);
    expect(await findLiveSession(database.db, 's-new', 100)).toMatchObject({ player: { id: playerId } });
    await insertAuthToken(database.db, { tokenHash: 'h-old', kind: 'login', playerId, nowMs: 0, expiresAtMs: 50 });
    await deleteExpiredAuthTokens(database.db, 100);
    const left = await database.db.selectFrom('auth_tokens').select('token_hash').where('token_hash', '=', 'h-old').execute();
    expect(left).toHaveLength(0);
    await recordThrottleEvent(database.db, 'scope', 10);
    await recordThrottleEvent(database.db, 'scope', 500);
    expect(await countThrottleEvents(database.db, 'scope', 0)).toBe(2);
    await deleteOldThrottleEvents(database.db, 100);
    expect(await countThrottleEvents(database.db, 'scope', 0)).toBe(1);
  });
});
