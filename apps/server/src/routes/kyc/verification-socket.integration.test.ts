import { seedDatabase } from '@sweepstack/db/seed';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, startListeningApp, waitUntil, type ListeningApp } from '../../realtime/testing';
import { signUpViaApi } from '../../testing/auth-helpers';

describe.each(dialectsUnderTest())('verification pushes reach the browser on %s', (dialect) => {
  let database: TestDatabase;
  let server: ListeningApp;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDatabase(database.db, { theme: 'nlc' });
    // Real delays between the provider's steps, as in production (shorter).
    server = await startListeningApp(database, { env: { KYC_SANDBOX_STEP_DELAY_MS: '30' } });
  });
  afterAll(async () => {
    await server.app.close();
    await database.destroy();
  });

  it('delivers each step of the sandbox check to the player socket, in order, after commit', async () => {
    const { cookie } = await signUpViaApi(server.app, 'socket-verify@example.com');
    const profile = await server.app.inject({ method: 'POST', url: '/rest/player/profile/easy/', payload: { name: 'Sam', surname: 'Survey', birthday: '1990-01-01', zip: '10001' }, headers: { cookie } });
    expect(profile.statusCode).toBe(200);
    const client = await connectClient(server.url, { cookie });
    try {
      const start = await server.app.inject({ method: 'POST', url: '/rest/player/verification/start/', payload: {}, headers: { cookie } });
      expect(start.statusCode).toBe(200);
      const verification = () => client.pushes.filter((p) => p.message.type === 'playerVerification').map((p) => p.message.action);
      await waitUntil(() => verification().length === 3, 10_000, 'three verification pushes');
      expect(verification()).toEqual(['surveyRequired', 'needScanDocument', 'success']);
      const status = await server.app.inject({ method: 'GET', url: '/rest/player/profile/', headers: { cookie } });
      expect(status.json().data.verificationStatus).toBe('verified');
    } finally {
      client.close();
    }
  });
});
