import { AppError } from '@sweepstack/contracts/errors';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { readFeatureStatuses, writeFeatureStatus, writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { addFixtureNote, fixtureNotesOf } from '@sweepstack/db/testing/fixture-features/fixture-notes/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentCache } from '../../../../lib/content-cache';
import { defineJob } from '../../../../jobs/registry';
import { defineFeature } from '../../../../platform/define-feature';
import { requirePlayer } from '../../../../plugins/session';
import { ZAddNoteRequest, ZAddNoteResponse } from '../../contracts/fixture-notes/add-note';
import { FixtureNoteAdded, FixtureNotesCounted } from '../../contracts/fixture-notes/events';

/** The fixture feature (see ../../README.md): one of each part a feature may declare. */
export default defineFeature({
  name: 'fixture-notes',

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;
    app.post('/rest/fixture-notes/', { schema: { tags: ['fixture-notes'], body: ZAddNoteRequest, response: { 200: ZAddNoteResponse } } }, async (request) => {
      const player = await requirePlayer(request);
      const status = (await readFeatureStatuses(deps.database.db)).get('fixture-notes') as { open?: boolean } | undefined;
      if (status?.open === false) throw new AppError('FIXTURE_NOTES_CLOSED');
      const now = deps.clock.nowMs();
      await deps.database.db.transaction().execute(async (trx) => {
        await addFixtureNote(trx, player.id, request.body.note, now);
        const count = (await fixtureNotesOf(trx, player.id)).length;
        await writePlayerFeatureState(trx, player.id, 'fixture-notes', { count }, now);
        await recordEvent(trx, { type: FixtureNoteAdded.name, playerId: player.id, payload: { note: request.body.note } }, { clock: deps.clock });
      });
      return { success: true as const, data: { notes: await fixtureNotesOf(deps.database.db, player.id) } };
    });
  },

  operatorRoutes: (app, { audit }) => {
    const { deps } = app;
    app.post(
      '/status/',
      { config: { operatorRoles: ['compliance'] }, schema: { tags: ['operator'], body: z.strictObject({ open: z.boolean() }) } },
      async (request) => {
        const body = request.body as { open: boolean };
        await deps.database.db.transaction().execute(async (trx) => {
          await writeFeatureStatus(trx, 'fixture-notes', { open: body.open }, deps.clock.nowMs());
          await audit(trx, request, { action: 'status', targetType: 'feature', targetId: 'fixture-notes', after: body });
        });
        contentCache(deps).invalidate();
        return { success: true as const };
      },
    );
  },

  handlers: ({ on, onBatch }) => {
    on(FixtureNoteAdded, async function countNotes(event, { trx, recordPush }) {
      const count = (await fixtureNotesOf(trx, event.playerId!)).length;
      await recordPush({ eventType: FixtureNotesCounted.name, playerId: event.playerId, push: { type: 'fixtureNotes', action: 'counted', data: { count } }, payload: { count } });
    });
    onBatch(GameRoundPlayed, async function noteRounds(events, { trx, clock }) {
      for (const event of events) await addFixtureNote(trx, event.playerId!, `round ${event.payload.roundId}`, clock.nowMs());
    });
  },

  jobs: [defineJob({ kind: 'fixture-notes.tidy', async run() {} })],

  appInit: {
    key: 'moneyBox',
    build: ({ status, state, signedIn }) => ({ isActive: (status as { open?: boolean } | null)?.open === true && (!signedIn || ((state as { count?: number } | null)?.count ?? 0) < 3) }),
  },
});
