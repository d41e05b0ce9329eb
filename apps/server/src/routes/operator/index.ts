import { AppError } from '@sweepstack/contracts/errors';
import { listAudit } from '@sweepstack/db/kyc/operators';
import { findDocument, listDocumentsForReview, reviewPendingDocument, updateProfile } from '@sweepstack/db/kyc/repository';
import { findRedemption, listRedemptionsByStatus } from '@sweepstack/db/redeem/repository';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentStorageFor } from '../../kyc/document-storage';
import { documentView } from '../../kyc/documents';
import { audit, bootstrapOperator, clearOperatorCookie, createOperator, endOperatorSession, OPERATOR_COOKIE, OPERATOR_ROLES, requireOperator, setOperatorCookie, signInOperator } from '../../kyc/operators';
import { ensureProfile } from '../../kyc/profile';
import { redemptionView, resolveRedemption } from '../../kyc/redeem';
import { recordVerificationPush } from '../../kyc/verification';

const ZId = z.strictObject({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const ZReason = z.strictObject({ reason: z.string().trim().min(3, 'At least 3 characters').max(500) });
const ZStatusQuery = z.strictObject({ status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending') });

/**
 * The operator API (back-office): its own accounts, roles and `ss_operator` sessions; every action
 * is written to the append-only operator_audit in the transaction of the action.
 */
const operatorRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { db } = deps.database;
  const { clock } = deps;
  const storage = documentStorageFor(deps.config);

  await bootstrapOperator(db, clock, deps.config.OPERATOR_BOOTSTRAP_EMAIL, deps.config.OPERATOR_BOOTSTRAP_PASSWORD);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/operator/sign-in/',
    { schema: { tags: ['operator'], summary: 'Operator sign-in (sets ss_operator)', body: z.strictObject({ email: z.string().min(3).max(254), password: z.string().min(1).max(200) }) }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { operator, token } = await signInOperator(db, clock, request.body.email, request.body.password);
      await audit(db, clock, operator, { action: 'operator.sign_in', targetType: 'operator', targetId: operator.id, after: { ip: request.ip } });
      setOperatorCookie(reply, token, deps.config.secureCookies);
      return { success: true as const, data: { email: operator.email, role: operator.role } };
    },
  );

  app.post('/api/operator/sign-out/', { schema: { tags: ['operator'], summary: 'Operator sign-out', body: z.strictObject({}).optional() } }, async (request, reply) => {
    const operator = await requireOperator(request);
    await endOperatorSession(db, request.cookies[OPERATOR_COOKIE]);
    await audit(db, clock, operator, { action: 'operator.sign_out', targetType: 'operator', targetId: operator.id });
    clearOperatorCookie(reply, deps.config.secureCookies);
    return { success: true as const };
  });

  app.get('/api/operator/me/', { schema: { tags: ['operator'], summary: 'The signed-in operator' } }, async (request) => {
    const operator = await requireOperator(request);
    return { success: true as const, data: { id: operator.id, email: operator.email, role: operator.role } };
  });

  app.post(
    '/api/operator/operators/',
    { schema: { tags: ['operator'], summary: 'Create an operator (admin)', body: z.strictObject({ email: z.email().max(254), password: z.string().min(12).max(200), role: z.enum(OPERATOR_ROLES) }) } },
    async (request) => {
      const operator = await requireOperator(request, 'operators.manage');
      return db.transaction().execute(async (trx) => {
        const created = await createOperator(trx, clock, request.body);
        if (!created) throw new AppError('VALIDATION_FAILED', { fields: { email: 'An operator with this email exists' } });
        await audit(trx, clock, operator, { action: 'operator.create', targetType: 'operator', targetId: created.id, after: { email: created.email, role: created.role } });
        return { success: true as const, data: { id: created.id, email: created.email, role: created.role } };
      });
    },
  );

  app.get('/api/operator/documents/', { schema: { tags: ['operator'], summary: 'Documents by review status (default pending)', querystring: ZStatusQuery } }, async (request) => {
    await requireOperator(request, 'documents.read');
    const rows = await listDocumentsForReview(db, request.query.status);
    return { success: true as const, data: rows.map((row) => ({ ...documentView(row), playerId: row.player_id, playerUuid: row.player_uuid, playerEmail: row.player_email })) };
  });

  // Reviewing means looking at the file: every view is audited (identity documents are personal data).
  app.get('/api/operator/documents/:id/file/', { schema: { tags: ['operator'], summary: "A player's document file (audited)", params: ZId } }, async (request, reply) => {
    const operator = await requireOperator(request, 'documents.read');
    const row = await findDocument(db, request.params.id);
    if (!row) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
    const bytes = await storage.get(row.storage_key);
    await audit(db, clock, operator, { action: 'document.view', targetType: 'player_document', targetId: row.id, after: { playerId: row.player_id } });
    return reply.headers({ 'content-type': row.content_type, 'content-disposition': `attachment; filename="document-${row.id}"`, 'x-content-type-options': 'nosniff' }).send(bytes);
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/operator/documents/:id/${decision}/`,
      { schema: { tags: ['operator'], summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a player's document`, params: ZId, body: decision === 'reject' ? ZReason : z.strictObject({ reason: z.string().trim().max(500).optional() }).optional() } },
      async (request) => {
        const operator = await requireOperator(request, 'documents.review');
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
        return db.transaction().execute(async (trx) => {
          const before = await findDocument(trx, request.params.id);
          if (!before) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
          const now = clock.nowMs();
          const updated = await reviewPendingDocument(trx, before.id, { status: decision === 'approve' ? 'approved' : 'rejected', reject_reason: decision === 'reject' ? reason : null, reviewed_by_operator_id: operator.id, reviewed_at_ms: now });
          if (!updated) throw new AppError('KYC_DOCUMENT_NOT_PENDING');
          const profile = await ensureProfile(trx, before.player_id, now);
          if (decision === 'approve') {
            // Approved documents verify the identity (spec §4: approved maps to verified).
            await updateProfile(trx, before.player_id, { verification_status: 'verified', auto_verification_available: 0, updated_at_ms: now });
            await recordVerificationPush(trx, clock, before.player_id, 'success', 'Your documents were approved.');
          } else {
            await recordVerificationPush(trx, clock, before.player_id, 'failed', `Document rejected: ${reason}`.slice(0, 500));
          }
          await audit(trx, clock, operator, {
            action: `document.${decision}`,
            targetType: 'player_document',
            targetId: before.id,
            before: { status: before.status, playerId: before.player_id, verificationStatus: profile.verification_status },
            after: { status: updated.status, reason, verificationStatus: decision === 'approve' ? 'verified' : profile.verification_status },
          });
          return { success: true as const, data: documentView(updated) };
        });
      },
    );
  }

  app.get('/api/operator/redemptions/', { schema: { tags: ['operator'], summary: 'Redemptions by status (default pending)', querystring: z.strictObject({ status: z.enum(['pending', 'paid', 'rejected', 'cancelled', 'all']).default('pending') }) } }, async (request) => {
    await requireOperator(request, 'redemptions.read');
    const rows = await listRedemptionsByStatus(db, request.query.status);
    return { success: true as const, data: rows.map((row) => ({ ...redemptionView(row), playerId: row.player_id })) };
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/operator/redemptions/:id/${decision}/`,
      { schema: { tags: ['operator'], summary: `${decision === 'approve' ? 'Approve (pay out)' : 'Reject (coins return)'} a redemption`, params: ZId, body: decision === 'reject' ? ZReason : z.strictObject({}).optional() } },
      async (request) => {
        const operator = await requireOperator(request, 'redemptions.review');
        return db.transaction().execute(async (trx) => {
          const row = await findRedemption(trx, request.params.id);
          if (!row) throw new AppError('REDEEM_NOT_FOUND');
          const resolution = decision === 'approve' ? { kind: 'approve' as const, operatorId: operator.id } : { kind: 'reject' as const, operatorId: operator.id, reason: (request.body as { reason: string }).reason };
          const { before, after } = await resolveRedemption(trx, clock, row, resolution);
          await audit(trx, clock, operator, { action: `redemption.${decision}`, targetType: 'redemption', targetId: row.id, before: { ...before, playerId: row.player_id }, after });
          return { success: true as const, data: after };
        });
      },
    );
  }

  app.get('/api/operator/audit/', { schema: { tags: ['operator'], summary: 'Audit log (admin), newest first', querystring: z.strictObject({ before: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }) } }, async (request) => {
    await requireOperator(request, 'audit.read');
    const rows = await listAudit(db, { limit: request.query.limit, beforeId: request.query.before });
    return {
      success: true as const,
      data: rows.map((r) => ({
        id: Number(r.id),
        operatorId: r.operator_id,
        operatorEmail: r.operator_email,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        before: r.before_json === null ? null : (JSON.parse(r.before_json) as unknown),
        after: r.after_json === null ? null : (JSON.parse(r.after_json) as unknown),
        atMs: Number(r.at_ms),
      })),
    };
  });
};

export default operatorRoutes;
