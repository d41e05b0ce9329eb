import { type AvailableSetsCheckResponse, ZAvailableSetsCheckQuery } from '@sweepstack/contracts/cashier/available-sets-check';
import { ZDepositRequest, ZDepositResponse } from '@sweepstack/contracts/cashier/deposit';
import { type PaymentResponse, ZPaymentParams, ZPaymentQuery } from '@sweepstack/contracts/cashier/payment';
import { type ChangePurchaseLimitsResponse, type PurchaseLimitsResponse, ZChangePurchaseLimitsRequest, ZPurchaseLimitsQuery } from '@sweepstack/contracts/cashier/purchase-limits';
import { type SandboxWebhookResponse, ZSandboxWebhookEvent } from '@sweepstack/contracts/cashier/sandbox-webhook';
import { type TransactionsResponse, ZTransactionsQuery } from '@sweepstack/contracts/cashier/transactions';
import { AppError } from '@sweepstack/contracts/errors';
import { findPlayerPayment, listActivePackages } from '@sweepstack/db/cashier/repository';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../plugins/errors';
import { requirePlayer } from '../../plugins/session';
import { challengeDonePage, challengePage } from '../../payments/sandbox-provider/challenge-page';
import { SandboxProvider, type WebhookTransport } from '../../payments/sandbox-provider/provider';
import { sandboxWebhookSecret } from '../../payments/sandbox-provider/secret';
import { SIGNATURE_HEADER, verifySignature } from '../../payments/sandbox-provider/signature';
import { answerOfRow, createDeposit } from './deposit';
import { changeLimits, readPurchaseLimits } from './limits';
import { registerSandboxProvider } from './provider-registry';
import { reconcileJob } from './reconcile';
import { readTransactions } from './transactions';
import { applyWebhookEvent } from './webhook';

export const WEBHOOK_PATH = '/rest/cash/webhook/sandbox/';

/** Cashier (docs/cashier.md): packages, deposits, provider webhooks, purchase limits, history; and the sandbox provider. */
const cashierRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const secret = sandboxWebhookSecret(deps.config);
  const webhookUrl = deps.config.PAYMENTS_SANDBOX_WEBHOOK_URL;
  const transport: WebhookTransport = webhookUrl
    ? async ({ headers, body }) => (await fetch(webhookUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })).status
    : async ({ headers, body }) => (await fastify.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: body })).statusCode;
  const provider = new SandboxProvider({
    db: deps.database.db,
    clock: deps.clock,
    secret,
    transport,
    publicOrigin: deps.config.publicOrigin,
    mode: deps.config.PAYMENTS_SANDBOX_MODE,
    duplicateRate: deps.config.PAYMENTS_SANDBOX_DUPLICATE_RATE,
    reorderRate: deps.config.PAYMENTS_SANDBOX_REORDER_RATE,
    runDue: (kinds) => fastify.jobs.runner.runDue({ kinds }),
  });
  registerSandboxProvider(deps, provider);
  // The provider's deliveries and settlements are durable jobs (docs/jobs.md); with the worker off
  // (tests) this process still runs them when drained by hand, but its background runner does not.
  const background = deps.config.PAYMENTS_SANDBOX_WORKER;
  for (const definition of provider.jobDefinitions()) fastify.jobs.define(definition, { background });
  fastify.jobs.define(reconcileJob(deps, provider), { background });

  app.get(
    '/rest/available-sets/check/',
    { schema: { tags: ['cashier'], summary: 'Coin packages on sale (quick-buy presets) and promo offers', querystring: ZAvailableSetsCheckQuery } },
    async (request, reply): Promise<AvailableSetsCheckResponse> => {
      const rows = await listActivePackages(deps.database.db);
      // Features add their offers (the wheel of treasure: promoOffers.extraWheel; promo offers: the
      // presets this visitor may buy, first) and keep the packages they sell themselves out of the
      // regular list (define-feature.ts, cashierOffers).
      const player = (await request.getPlayer()) ?? null;
      const nowMs = deps.clock.nowMs();
      const contributions = await Promise.all(fastify.features.list.flatMap((feature) => (feature.cashierOffers ? [feature.cashierOffers({ db: deps.database.db, player, nowMs })] : [])));
      const featurePackages = new Set(contributions.flatMap((c) => c.ownPackageIds ?? []));
      const promoOffers = (key: 'bundle' | 'extraWheel') => contributions.flatMap((c) => c.promoOffers?.[key] ?? []);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          packages: [...contributions.flatMap((c) => c.packages ?? []), ...rows.filter((p) => !featurePackages.has(p.id)).map((p) => ({
            id: p.id,
            coins: Number(p.gold_coins),
            entries: Number(p.fortune_cents) / 100,
            price: Number(p.price_cents) / 100,
            priceCents: Number(p.price_cents),
            usualPrice: (p.usual_price_cents === null ? Number(p.price_cents) : Number(p.usual_price_cents)) / 100,
            usualPriceCents: p.usual_price_cents === null ? Number(p.price_cents) : Number(p.usual_price_cents),
            badgeLabel: p.badge_label,
            bestDeal: p.best_deal === 1,
            mostPopular: p.most_popular === 1,
            relatedPresetIds: [] as string[],
          }))],
          promoOffers: { bundle: promoOffers('bundle'), extraWheel: promoOffers('extraWheel') },
        },
      };
    },
  );

  app.post(
    '/rest/cash/deposit/',
    { schema: { tags: ['cashier'], summary: 'Buy a coin package', body: ZDepositRequest, response: { 200: ZDepositResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      const guards = fastify.features.list.flatMap((feature) => (feature.purchaseGuard ? [feature.purchaseGuard] : []));
      return { success: true as const, data: await createDeposit(deps, provider, player, request.body, guards) };
    },
  );

  app.get(
    '/rest/cash/payments/:paymentId/',
    { schema: { tags: ['cashier'], summary: 'Where one of my payments stands', params: ZPaymentParams, querystring: ZPaymentQuery } },
    async (request, reply): Promise<PaymentResponse> => {
      const player = await requirePlayer(request);
      const row = await findPlayerPayment(deps.database.db, player.id, request.params.paymentId);
      if (!row) throw new AppError('CASHIER_PAYMENT_NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: {
          ...answerOfRow(row),
          presetId: row.package_id,
          methodId: row.method_id,
          amountCents: Number(row.amount_cents),
          goldCoins: Number(row.gold_coins),
          fortuneCents: Number(row.fortune_cents),
          createdAtMs: Number(row.created_at_ms),
          completedAtMs: row.completed_at_ms === null ? null : Number(row.completed_at_ms),
        },
      };
    },
  );

  app.get('/rest/player/purchase-limits/', { schema: { tags: ['cashier'], summary: 'My purchase limits (responsible play)', querystring: ZPurchaseLimitsQuery } }, async (request, reply): Promise<PurchaseLimitsResponse> => {
    const player = await requirePlayer(request);
    const data = await readPurchaseLimits(deps.database.db, player.id, deps.clock.nowMs());
    reply.header('cache-control', 'no-store');
    return { success: true as const, data };
  });

  app.post('/rest/player/purchase-limits/', { schema: { tags: ['cashier'], summary: 'Change my purchase limits (lower now, raise after 24 h)', body: ZChangePurchaseLimitsRequest } }, async (request, reply): Promise<ChangePurchaseLimitsResponse> => {
    const player = await requirePlayer(request);
    await changeLimits(deps.database.db, player.id, request.body, deps.clock.nowMs());
    reply.header('cache-control', 'no-store');
    return { success: true as const };
  });

  app.get(
    '/rest/player/transactions/',
    {
      schema: {
        tags: ['cashier'],
        summary: 'My transaction history (purchases, plays, prizes, redemptions)',
        querystring: ZTransactionsQuery,
      },
    },
    async (request, reply): Promise<TransactionsResponse> => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await readTransactions(deps.database.db, player.id, { cursor: request.query.cursor ?? null, limit: request.query.limit }) };
    },
  );

  // The provider's webhook: the raw body is needed for the signature, so JSON is parsed here by hand.
  await fastify.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, { schema: { tags: ['cashier'], summary: 'Sandbox provider webhook (signed)' }, config: { rateLimit: false } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SIGNATURE_HEADER];
      const check = verifySignature(secret, typeof header === 'string' ? header : undefined, raw, deps.clock.nowMs());
      if (!check.ok) return sendError(reply, check.reason === 'timestamp' ? 'CASHIER_WEBHOOK_TIMESTAMP_INVALID' : 'CASHIER_WEBHOOK_SIGNATURE_INVALID');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return sendError(reply, 'MALFORMED_REQUEST');
      }
      const event = ZSandboxWebhookEvent.safeParse(json);
      if (!event.success) return sendError(reply, 'VALIDATION_FAILED');
      const outcome = await applyWebhookEvent(deps, event.data, request.log);
      return { success: true as const, outcome } satisfies SandboxWebhookResponse;
    });
  });

  // The sandbox bank's 3-D Secure page (it belongs to the provider; no script, so the CSP holds).
  await fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    const ZParams = z.strictObject({ paymentId: z.string().regex(/^sbx_pay_[0-9a-f]{24}$/) });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get('/sandbox/3ds/:paymentId', { schema: { hide: true, params: ZParams } }, async (request, reply) => {
      const payment = await provider.getPayment(request.params.paymentId);
      if (!payment) throw new AppError('CASHIER_CHALLENGE_NOT_FOUND');
      // The site-wide no-referrer policy makes browsers send `Origin: null` with this page's form
      // post, which the Origin check refuses; same-origin keeps the real origin on that post.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'same-origin').type('text/html; charset=utf-8');
      if (payment.status !== 'requires_action') return reply.status(409).send(challengeDonePage(payment.status === 'succeeded'));
      return challengePage(payment.id, payment.amountCents, payment.cardLast4);
    });
    typed.post(
      '/sandbox/3ds/:paymentId',
      { schema: { hide: true, params: ZParams, body: z.object({ outcome: z.enum(['approve', 'fail']) }) } },
      async (request, reply) => {
        const result = await provider.completeChallenge(request.params.paymentId, request.body.outcome === 'approve');
        if (!result) throw new AppError('CASHIER_CHALLENGE_NOT_FOUND');
        if (result.already) throw new AppError('CASHIER_CHALLENGE_COMPLETED');
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return challengeDonePage(result.payment.status === 'succeeded');
      },
    );
  });
};

export default cashierRoutes;
