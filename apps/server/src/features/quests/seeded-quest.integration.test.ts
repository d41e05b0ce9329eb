import { ZQuestResponse, type QuestsData } from '@sweepstack/contracts/quests/quest';
import type { DialectName } from '@sweepstack/db/connection';
import { questBySlug } from '@sweepstack/db/quests/repository';
import { seedDatabase } from '@sweepstack/db/seed';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { describe, expect, it } from 'vitest';
import { featureTestApp, type TestPlayer } from '../../testing/feature-test-app';

// The seeded quest (content/quests/quests.json, docs/features/quests.md "Seed"): `npm start` seeds it
// running, the test harnesses seed it off unless a test asks, and a re-seed never changes it.
describe.each(dialectsUnderTest())('the seeded quest on %s', (dialect: DialectName) => {
  describe('seeded running (as npm start does)', () => {
    const base = featureTestApp(dialect, { name: 'seeded-quest', seededQuestsRunning: true }).hooks();
    const { app, db } = base;
    const quests = async (player: TestPlayer | null): Promise<QuestsData> => {
      const res = await app().inject({ method: 'GET', url: '/rest/quest/', headers: player ? { cookie: player.cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return ZQuestResponse.parse(res.json()).data;
    };

    it('is the running quest, and a player\'s first three rounds complete its first task, paid once', async () => {
      expect((await quests(null)).quest).toMatchObject({ slug: 'starter-trail', type: 'season', daysCount: 3, title: { en: 'Starter trail', es: 'Sendero inicial' } });
      const player = await base.signUp({ GC: 100_000 });
      const game = await db().selectFrom('games').select(['id']).where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow();
      const launched = await app().inject({ method: 'GET', url: `/rest/game/${game.id}/play/`, headers: { cookie: player.cookie } });
      expect(launched.statusCode, launched.body).toBe(200);
      const { session, bets } = launched.json().data as { session: string; bets: { min: number } };
      for (let i = 0; i < 3; i++) {
        const res = await app().inject({ method: 'POST', url: `/rest/game/${game.id}/spin/`, headers: { cookie: player.cookie }, payload: { session, bet: bets.min, idempotencyKey: `seeded-quest-${dialect}-${player.id}-${i}` } });
        expect(res.statusCode, res.body).toBe(200);
      }
      await base.settle();
      const first = (await quests(player)).playerData!.days[0]!.tasks[0]!;
      expect(first).toMatchObject({ kind: 'rounds', current: 3, target: 3, isCompleted: true, prize: { coins: 500 } });
      const paid = await db().selectFrom('ledger_transfers').select(['idempotency_key', 'amount']).where('idempotency_key', 'like', 'quests:%').where('reason', '=', 'prize').execute();
      expect(paid.map((r) => ({ key: r.idempotency_key, amount: Number(r.amount) }))).toEqual([{ key: `quests:${first.id}:${player.id}:GC`, amount: 500 }]);
    });
  });

  describe('seeded by a test harness (default)', () => {
    const base = featureTestApp(dialect, { name: 'seeded-quest-off' }).hooks();

    it('is there but switched off, so no quest pays for rounds; a later seed asking for running quests leaves it as it is', async () => {
      expect((await base.app().inject({ method: 'GET', url: '/rest/quest/' })).json().data.quest).toBeNull();
      expect(await questBySlug(base.db(), 'starter-trail')).toMatchObject({ active: false });
      // An existing database: seeds only add what is missing, so the operator's (or the earlier seed's) choice stands.
      await seedDatabase(base.db(), { theme: 'nlc', questsRunning: true });
      expect(await questBySlug(base.db(), 'starter-trail')).toMatchObject({ active: false });
    });
  });
});
