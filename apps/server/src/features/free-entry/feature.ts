import { AppError } from '@sweepstack/contracts/errors';
import {
  ZFreeEntryDecisionRequest,
  ZFreeEntryLetterRequest,
  ZFreeEntryOperatorRequestResponse,
  ZFreeEntryQueueQuery,
  ZFreeEntryQueueResponse,
  ZFreeEntrySettings,
} from '@sweepstack/contracts/free-entry/operator';
import { ZFreeEntryInfoResponse, ZFreeEntryMailCodeRequest, ZFreeEntryOnlineRequest, ZFreeEntryRequestResponse } from '@sweepstack/contracts/free-entry/requests';
import { freeEntryQueue, freeEntryRequestById, readFreeEntrySettings, writeFreeEntrySettings, type FreeEntryRequestRow } from '@sweepstack/db/free-entry/repository';
import { settingsProblems, type LetterRejectCode } from '@sweepstack/domain/free-entry/rules';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyCaptcha } from '../../lib/captcha';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { creditRequest, makeFreeEntryRequest, readFreeEntryInfo, receiveLetter, rejectRequest, requestView } from './requests';

const READERS = ['support', 'compliance'] as const;
const DECIDERS = ['compliance'] as const;

const ZId = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * The free entry, "no purchase necessary" (docs/features/free-entry.md): free Fortune Coins online
 * once a day or by a mailed letter carrying a code from the page, each request tracked to a decision
 * within a published number of business days; an operator queue credits or rejects.
 */
export default defineFeature({
  name: 'free-entry',

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const deps = fastify.deps;

    app.get('/rest/free-entry/', { schema: { tags: ['free-entry'], summary: 'The free entry rules in force, what the player can request now and their requests', response: { 200: ZFreeEntryInfoResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await readFreeEntryInfo(deps, await request.getPlayer()) };
    });

    app.post('/rest/free-entry/online/', { schema: { tags: ['free-entry'], summary: "Today's online request for free Fortune Coins", body: ZFreeEntryOnlineRequest, response: { 200: ZFreeEntryRequestResponse } } }, async (request) => {
      const player = await requirePlayer(request);
      await verifyCaptcha(deps.config, request.log, request.body.captchaToken, request.ip);
      const row = await makeFreeEntryRequest(deps, player, 'online');
      return { success: true as const, data: { request: requestView(row) } };
    });

    app.post('/rest/free-entry/mail-code/', { schema: { tags: ['free-entry'], summary: 'A code for one mailed request for free Fortune Coins', body: ZFreeEntryMailCodeRequest.optional(), response: { 200: ZFreeEntryRequestResponse } } }, async (request) => {
      const player = await requirePlayer(request);
      const row = await makeFreeEntryRequest(deps, player, 'mail');
      return { success: true as const, data: { request: requestView(row) } };
    });
  },

  // The official sweepstakes rules quote the amounts and limits in force (content/legal-pages/*/sweepstakes-rules.md).
  legalValues: async ({ db, locale }) => {
    const s = await readFreeEntrySettings(db);
    const fc = (cents: number) => (cents / 100).toLocaleString(locale === 'es' ? 'es-US' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return {
      'freeEntry.onlineAmount': fc(s.onlineAmountCents),
      'freeEntry.mailAmount': fc(s.mailAmountCents),
      'freeEntry.perDay': String(s.perDay),
      'freeEntry.decisionBusinessDays': String(s.decisionBusinessDays),
      'freeEntry.mailCodeValidDays': String(s.mailCodeValidDays),
      'freeEntry.mailAddress': s.mailAddress.join(', '),
      'freeEntry.mailPerHouseholdPerDay': String(s.mailPerHouseholdPerDay),
    };
  },

  operatorRoutes: (fastify, { audit, operatorOf }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { database, clock } = fastify.deps;
    const { db } = database;
    const nowMs = () => clock.nowMs();
    const view = (row: FreeEntryRequestRow) => ({
      id: Number(row.id),
      playerId: row.player_id,
      channel: row.channel,
      code: row.code,
      status: row.status,
      amountCents: row.amount_cents,
      createdAt: new Date(Number(row.created_at_ms)).toISOString(),
      receivedAt: row.received_at_ms === null ? null : new Date(Number(row.received_at_ms)).toISOString(),
      decisionDueAt: row.due_at_ms === null ? null : new Date(Number(row.due_at_ms)).toISOString(),
      overdue: row.status === 'received' && row.due_at_ms !== null && nowMs() > Number(row.due_at_ms),
      decidedAt: row.decided_at_ms === null ? null : new Date(Number(row.decided_at_ms)).toISOString(),
      decidedBy: row.decided_by,
      rejectReason: row.reject_reason,
      rejectCode: (row.reject_code as LetterRejectCode | null) ?? null,
      postmarkedOn: row.postmarked_on,
      householdKey: row.household_key,
    });

    app.get('/settings/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], response: { 200: z.object({ success: z.literal(true), data: ZFreeEntrySettings }) } } }, async () => ({
      success: true as const,
      data: await readFreeEntrySettings(db),
    }));

    app.put('/settings/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], body: ZFreeEntrySettings, response: { 200: z.object({ success: z.literal(true), data: ZFreeEntrySettings }) } } }, async (request) => {
      await db.transaction().execute(async (trx) => {
        const before = await readFreeEntrySettings(trx);
        // A write that leaves the household limit out keeps it as it is.
        const next = { ...request.body, mailPerHouseholdPerDay: request.body.mailPerHouseholdPerDay ?? before.mailPerHouseholdPerDay };
        const problems = settingsProblems(next);
        if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { fields: { settings: problems.join('; ') } });
        await writeFreeEntrySettings(trx, next, nowMs());
        await audit(trx, request, { action: 'settings.update', targetType: 'feature', targetId: 'free-entry', before, after: next });
      });
      return { success: true as const, data: await readFreeEntrySettings(db) };
    });

    app.get('/requests/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], querystring: ZFreeEntryQueueQuery, response: { 200: ZFreeEntryQueueResponse } } }, async (request) => {
      const { rows, total } = await freeEntryQueue(db, request.query);
      return { success: true as const, data: { requests: rows.map(view), total } };
    });

    app.post('/letters/', { config: { operatorRoles: DECIDERS }, schema: { tags: ['operator'], body: ZFreeEntryLetterRequest, response: { 200: ZFreeEntryOperatorRequestResponse } } }, async (request) => {
      const row = await receiveLetter(db, request.body, { clock, operatorId: operatorOf(request).id });
      await db.transaction().execute((trx) => audit(trx, request, { action: 'letter.received', targetType: 'free_entry_request', targetId: Number(row.id), after: { code: row.code, postmarkedOn: row.postmarked_on, household: row.household_key, status: row.status, rejectCode: row.reject_code } }));
      return { success: true as const, data: { request: view(row) } };
    });

    app.post('/requests/:id/decision/', { config: { operatorRoles: DECIDERS }, schema: { tags: ['operator'], params: ZId, body: ZFreeEntryDecisionRequest, response: { 200: ZFreeEntryOperatorRequestResponse } } }, async (request) => {
      const operator = operatorOf(request);
      const body = request.body;
      const decided = await db.transaction().execute(async (trx) => {
        const row = await freeEntryRequestById(trx, request.params.id);
        if (!row) throw new AppError('FREE_ENTRY_REQUEST_NOT_FOUND');
        const after = body.decision === 'credit' ? await creditRequest(trx, row, { clock, operatorId: operator.id }) : await rejectRequest(trx, row, { clock, operatorId: operator.id, reason: body.reason });
        await audit(trx, request, { action: `request.${body.decision}`, targetType: 'free_entry_request', targetId: Number(row.id), before: { status: row.status }, after: { status: after.status, reason: after.reject_reason } });
        return after;
      });
      return { success: true as const, data: { request: view(decided) } };
    });
  },
});
