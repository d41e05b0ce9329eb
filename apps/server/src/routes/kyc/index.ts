import multipart, { type MultipartFile } from '@fastify/multipart';
import { AppError } from '@sweepstack/contracts/errors';
import { ZDocumentFileParams } from '@sweepstack/contracts/kyc/document-file';
import { ZGetProfileResponse } from '@sweepstack/contracts/kyc/get-profile';
import { ZIdentityCallbackRequest } from '@sweepstack/contracts/kyc/identity-callback';
import { ZListDocumentsResponse } from '@sweepstack/contracts/kyc/list-documents';
import { ZProfilePageResponse } from '@sweepstack/contracts/kyc/profile-page';
import { ZResetVerificationRequest, ZResetVerificationResponse } from '@sweepstack/contracts/kyc/reset-verification';
import { ZSaveEasyProfileRequest, ZSaveEasyProfileResponse } from '@sweepstack/contracts/kyc/save-easy-profile';
import { ZSaveFullProfileRequest, ZSaveFullProfileResponse } from '@sweepstack/contracts/kyc/save-full-profile';
import { ZStartVerificationRequest, ZStartVerificationResponse } from '@sweepstack/contracts/kyc/start-verification';
import { ZUploadDocumentResponse } from '@sweepstack/contracts/kyc/upload-document';
import { ZVerificationStatusResponse } from '@sweepstack/contracts/kyc/verification-status';
import { findIdentityCheckByReference, findLatestIdentityCheck } from '@sweepstack/db/kyc/repository';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlayer } from '../../plugins/session';
import { documentStorageFor } from '../../kyc/document-storage';
import { MAX_DOCUMENT_BYTES } from '../../kyc/document-types';
import { DOCUMENT_UPLOADED_MESSAGE, documentRejected, findOwnDocument, listDocuments, saveDocument } from '../../kyc/documents';
import { readProfile, saveEasyProfile, saveFullProfile } from '../../kyc/profile';
import { SandboxIdentityProvider } from '../../kyc/sandbox-identity-provider/provider';
import { SIGNATURE_HEADER, verifyCallbackSignature } from '../../kyc/sandbox-identity-provider/signature';
import {
  applyIdentityCallback,
  IDENTITY_CALLBACK_PATH,
  identityWebhookSecret,
  registerSandboxIdentityProvider,
  resetVerification,
  startVerification,
} from '../../kyc/verification';

/**
 * What a failure while reading an upload answers. The multipart parser (busboy) throws plain errors
 * without a code for a body it cannot read ("Boundary not found", "Unexpected end of form", a
 * boundary over 70 characters): those are the client's, MALFORMED_REQUEST, not a 500.
 */
function multipartFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return documentRejected('KYC_DOCUMENT_TOO_LARGE');
  // Our error handler maps the plugin's coded errors (wrong content type, too many parts).
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError('MALFORMED_REQUEST');
}

/** Profile, documents and identity verification (docs/kyc-and-redeem.md). */
const kycRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { db } = deps.database;
  const storage = documentStorageFor(deps.config);

  // Multipart only here: one file per request, at most 15 MB (+1 byte so "too large" is detectable).
  await fastify.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });

  const provider = new SandboxIdentityProvider({
    db,
    secret: identityWebhookSecret(deps),
    stepDelayMs: deps.config.KYC_SANDBOX_STEP_DELAY_MS,
    clock: deps.clock,
    transport: async (body, headers) => (await fastify.inject({ method: 'POST', url: IDENTITY_CALLBACK_PATH, payload: body, headers })).statusCode,
    onDeliveryFailure: (reference, detail) => fastify.log.warn({ reference, detail }, 'sandbox identity callback not accepted'),
    runDue: (kinds) => fastify.jobs.runner.runDue({ kinds }),
  });
  registerSandboxIdentityProvider(deps, provider);
  // Its steps are durable jobs (docs/jobs.md): a check goes on after a restart.
  fastify.jobs.define(provider.jobDefinition());

  const noStore = { 'cache-control': 'no-store' };

  app.get('/rest/player/profile/', { schema: { tags: ['player'], summary: 'Profile (spec §3 Profile)', response: { 200: ZGetProfileResponse } } }, async (request, reply) => {
    const player = await requirePlayer(request);
    reply.headers(noStore);
    return { success: true as const, data: await readProfile(db, player.id, deps.clock.nowMs()) };
  });

  app.get('/rest/page/profile/', { schema: { tags: ['player'], summary: 'Profile page payload', response: { 200: ZProfilePageResponse } } }, async (request, reply) => {
    const player = await requirePlayer(request);
    reply.headers(noStore);
    return { success: true as const, payload: await readProfile(db, player.id, deps.clock.nowMs()) };
  });

  app.post('/rest/player/profile/easy/', { schema: { tags: ['player'], summary: 'Save the easy profile', body: ZSaveEasyProfileRequest, response: { 200: ZSaveEasyProfileResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    await saveEasyProfile(db, deps.clock, player.id, request.body);
    return { success: true as const, data: await readProfile(db, player.id, deps.clock.nowMs()) };
  });

  app.post('/rest/player/profile/', { schema: { tags: ['player'], summary: 'Save the full profile', body: ZSaveFullProfileRequest, response: { 200: ZSaveFullProfileResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    await saveFullProfile(db, deps.clock, player.id, request.body);
    return { success: true as const, data: await readProfile(db, player.id, deps.clock.nowMs()) };
  });

  app.post('/rest/player/documents/', { schema: { tags: ['player'], summary: 'Upload an identity document (multipart, field "file")', consumes: ['multipart/form-data'], response: { 200: ZUploadDocumentResponse } }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const player = await requirePlayer(request);
    let file: MultipartFile | undefined;
    let bytes: Buffer;
    try {
      file = await request.file();
      if (!file) throw new AppError('VALIDATION_FAILED', { fields: { file: 'Attach a file' } });
      bytes = await file.toBuffer();
    } catch (error) {
      throw multipartFailure(error);
    }
    if (file.file.truncated || bytes.length > MAX_DOCUMENT_BYTES) throw documentRejected('KYC_DOCUMENT_TOO_LARGE');
    const document = await saveDocument(db, storage, deps.clock, player.id, { bytes, filename: file.filename });
    return { success: true as const, message: DOCUMENT_UPLOADED_MESSAGE, data: document };
  });

  app.get('/rest/player/documents/', { schema: { tags: ['player'], summary: "The player's documents and their review status", response: { 200: ZListDocumentsResponse } } }, async (request, reply) => {
    const player = await requirePlayer(request);
    reply.headers(noStore);
    return { success: true as const, data: await listDocuments(db, player.id) };
  });

  app.get('/rest/player/documents/:id/file/', { schema: { tags: ['player'], summary: 'Download one of your documents', params: ZDocumentFileParams } }, async (request, reply) => {
    const player = await requirePlayer(request);
    const row = await findOwnDocument(db, player.id, request.params.id);
    const bytes = await storage.get(row.storage_key);
    return reply
      .headers({ ...noStore, 'content-type': row.content_type, 'content-disposition': `attachment; filename="document-${row.id}"`, 'x-content-type-options': 'nosniff' })
      .send(bytes);
  });

  app.post(
    '/rest/player/verification/start/',
    { schema: { tags: ['player'], summary: 'Start auto-verification (sandbox identity provider)', body: ZStartVerificationRequest, response: { 200: ZStartVerificationResponse } } },
    async (request) => {
      const player = await requirePlayer(request);
      const started = await startVerification(deps, player.id, request.body.testScenario);
      return { success: true as const, data: { ...started, hash: '#verify' as const } };
    },
  );

  app.post('/rest/player/verification/reset/', { schema: { tags: ['player'], summary: 'Auto-verification reset: enabled and available false', body: ZResetVerificationRequest, response: { 200: ZResetVerificationResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    await resetVerification(db, deps.clock, player.id);
    return { success: true as const, data: { autoVerificationData: (await readProfile(db, player.id, deps.clock.nowMs())).autoVerificationData } };
  });

  app.get('/rest/player/verification/status/', { schema: { tags: ['player'], summary: 'Verification status and the latest check', response: { 200: ZVerificationStatusResponse } } }, async (request, reply) => {
    const player = await requirePlayer(request);
    reply.headers(noStore);
    const profile = await readProfile(db, player.id, deps.clock.nowMs());
    const latest = await findLatestIdentityCheck(db, player.id);
    return {
      success: true as const,
      data: {
        verificationStatus: profile.verificationStatus,
        documentConfirmStatus: profile.documentConfirmStatus,
        latestCheck: latest ? { reference: latest.reference, state: latest.state, updatedAtMs: Number(latest.updated_at_ms) } : null,
      },
    };
  });

  app.get('/rest/kyc/sandbox-widget/:reference/', { schema: { hide: true, params: z.strictObject({ reference: z.string().regex(/^[a-f0-9]{32}$/) }) } }, async (request, reply) => {
    const check = await findIdentityCheckByReference(db, request.params.reference);
    if (!check) throw new AppError('NOT_FOUND');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>Identity check (sandbox)</title></head>` +
          `<body style="font-family:system-ui;padding:1.5rem"><h1>Identity check — sandbox</h1><p>Test provider: no real data is checked.</p>` +
          `<p>Scenario: <b>${check.scenario}</b></p><p>Current step: <b>${check.state}</b></p></body></html>`,
      );
  });

  // The provider's callbacks: the raw body is needed to check the signature.
  await fastify.register(async (callbacks) => {
    callbacks.removeContentTypeParser('application/json');
    callbacks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (request, body, done) => {
      (request as { rawBody?: string }).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
      }
    });
    callbacks.post(IDENTITY_CALLBACK_PATH, { schema: { hide: true } }, async (request) => {
      const raw = (request as { rawBody?: string }).rawBody ?? '';
      const header = request.headers[SIGNATURE_HEADER];
      if (!verifyCallbackSignature(identityWebhookSecret(deps), typeof header === 'string' ? header : undefined, raw, deps.clock.nowMs())) throw new AppError('KYC_CALLBACK_INVALID');
      const event = ZIdentityCallbackRequest.parse(request.body);
      const result = await applyIdentityCallback(deps, event);
      return { success: true as const, applied: result.applied };
    });
  });
};

export default kycRoutes;
