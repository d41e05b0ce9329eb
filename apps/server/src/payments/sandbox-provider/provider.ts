import { randomBytes, randomInt } from 'node:crypto';
import { findSandboxPayment, findSandboxPaymentByReference, insertSandboxPayment, type SandboxPaymentRow, updateSandboxPayment } from '@sweepstack/db/cashier/sandbox-payments';
import { scheduleJob } from '@sweepstack/db/jobs/repository';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Rng } from '@sweepstack/domain/shared/rng';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { type AnyJobDefinition, defineJob } from '../../jobs/registry';
import { cardBrand, cardOutcome, normalizeCardNumber } from './cards';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

export type SandboxMethod = 'card' | 'bank' | 'apple_pay';
export type SandboxStatus = 'processing' | 'requires_action' | 'succeeded' | 'failed';
export type SandboxEventType = 'payment.processing' | 'payment.requires_action' | 'payment.succeeded' | 'payment.failed';

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CreatePaymentRequest {
  /** The merchant's payment id; a second call with the same reference answers the first payment. */
  reference: string;
  amountCents: number;
  method: SandboxMethod;
  card?: SandboxCard;
}

export interface SandboxPayment {
  id: string;
  reference: string;
  amountCents: number;
  method: SandboxMethod;
  status: SandboxStatus;
  failureCode: string | null;
  challengeUrl: string | null;
  cardLast4: string | null;
  cardBrand: string | null;
  sequence: number;
}

/** The body of a webhook the provider sends. */
export interface SandboxEvent {
  id: string;
  type: SandboxEventType;
  /** Unix seconds. */
  created: number;
  data: {
    paymentId: string;
    reference: string;
    amountCents: number;
    status: SandboxStatus;
    failureCode: string | null;
    challengeUrl: string | null;
    /** Increases with every state change of the payment: a receiver ignores events older than what it applied. */
    sequence: number;
  };
}

export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
}
/** Sends one webhook; answers the HTTP status (a throw counts as no answer). */
export type WebhookTransport = (request: WebhookRequest) => Promise<number>;

export interface SandboxProviderOptions {
  db: Kysely<Database>;
  clock: Clock;
  secret: string;
  transport: WebhookTransport;
  /** Origin of the challenge pages (`<origin>/sandbox/3ds/<id>`). */
  publicOrigin: string;
  mode: 'realistic' | 'deterministic';
  duplicateRate: number;
  reorderRate: number;
  /** Seed of the chaos RNG in deterministic mode. */
  seed?: number;
  /** Runs the provider's due jobs now (the app's job runner, limited to the provider's kinds). */
  runDue: (kinds: readonly string[]) => Promise<number>;
}

type PaymentRow = SandboxPaymentRow;

/** The provider's durable jobs (docs/jobs.md): webhook deliveries and bank settlements. */
export const SANDBOX_DELIVER_JOB = 'payments-sandbox.deliver';
export const SANDBOX_SETTLE_JOB = 'payments-sandbox.settle';
export const SANDBOX_JOB_KINDS = [SANDBOX_DELIVER_JOB, SANDBOX_SETTLE_JOB] as const;
const MAX_DELIVERY_ATTEMPTS = 12;
const ZDelivery = z.object({ paymentId: z.string(), eventId: z.string(), body: z.string() });
const ZSettle = z.object({ paymentId: z.string() });
/** A bank transfer settles this long after it was started. */
export const BANK_SETTLE_MS = { realistic: 8_000, deterministic: 60_000 } as const;
/** Held-back (reordered) and duplicate deliveries go out this much later. */
const CHAOS_DELAY_MS = { realistic: [1_500, 6_000], deterministic: [30_000, 30_000] } as const;

/** Retry delay after `attempts` failed deliveries: 1 s, 2 s, 4 s … capped at one hour. */
export function deliveryBackoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (max) => Math.floor(next() * max), bytes: (n) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256)) };
}

const cryptoRng: Rng = { int: (max) => randomInt(max), bytes: (n) => randomBytes(n) };

/**
 * A stand-in for an external card network (docs/cashier.md): its own payments table, a short
 * network delay before it answers, 3-D Secure challenges, bank transfers that settle later, and
 * signed webhooks delivered as durable jobs (docs/jobs.md: claimed atomically, retried with
 * backoff), optionally late, twice or out of order.
 */
export class SandboxProvider {
  private readonly rng: Rng;
  transport: WebhookTransport;

  constructor(private readonly options: SandboxProviderOptions) {
    this.rng = options.mode === 'deterministic' ? mulberry32(options.seed ?? 1) : cryptoRng;
    this.transport = options.transport;
  }

  private now(): number {
    return this.options.clock.nowMs();
  }

  private chance(rate: number): boolean {
    return rate > 0 && this.rng.int(1_000_000) < rate * 1_000_000;
  }

  private between([low, high]: readonly [number, number]): number {
    return low + (high > low ? this.rng.int(high - low + 1) : 0);
  }

  private newId(prefix: string): string {
    return `${prefix}_${Buffer.from(cryptoRng.bytes(12)).toString('hex')}`;
  }

  challengeUrl(paymentId: string): string {
    return `${this.options.publicOrigin}/sandbox/3ds/${paymentId}`;
  }

  private toPayment(row: PaymentRow): SandboxPayment {
    return {
      id: row.id,
      reference: row.reference,
      amountCents: Number(row.amount_cents),
      method: row.method as SandboxMethod,
      status: row.status as SandboxStatus,
      failureCode: row.failure_code,
      challengeUrl: row.status === 'requires_action' ? this.challengeUrl(row.id) : null,
      cardLast4: row.card_last4,
      cardBrand: row.card_brand,
      sequence: Number(row.sequence),
    };
  }

  /**
   * Authorizes a payment (after a network delay in realistic mode) and answers its status:
   * `succeeded` / `failed` for cards and Apple Pay, `requires_action` for 3-D Secure, `processing`
   * for bank transfers. The matching webhook is queued in the same transaction.
   */
  async createPayment(request: CreatePaymentRequest): Promise<SandboxPayment> {
    if (this.options.mode === 'realistic') await new Promise((resolve) => setTimeout(resolve, 150 + randomInt(350)));
    const existing = await findSandboxPaymentByReference(this.options.db, request.reference);
    if (existing) return this.toPayment(existing);
    const now = this.now();
    let status: SandboxStatus = 'succeeded';
    let failureCode: string | null = null;
    let last4: string | null = null;
    let brand: string | null = null;
    if (request.method === 'card') {
      if (!request.card) throw new Error('sandbox provider: a card payment needs a card');
      const digits = normalizeCardNumber(request.card.number);
      last4 = digits.slice(-4);
      brand = cardBrand(digits);
      const outcome = cardOutcome(request.card, now);
      if (outcome.kind === 'decline') {
        status = 'failed';
        failureCode = outcome.code;
      } else if (outcome.kind === 'challenge') status = 'requires_action';
    } else if (request.method === 'bank') status = 'processing';
    const id = this.newId('sbx_pay');
    const row: PaymentRow = {
      id,
      reference: request.reference,
      amount_cents: request.amountCents,
      method: request.method,
      card_last4: last4,
      card_brand: brand,
      status,
      failure_code: failureCode,
      sequence: 1,
      created_at_ms: now,
      updated_at_ms: now,
    };
    const inserted = await this.options.db.transaction().execute(async (trx) => {
      if (!(await insertSandboxPayment(trx, row))) return false;
      await this.enqueueEvent(trx, row);
      if (status === 'processing') {
        await scheduleJob(trx, SANDBOX_SETTLE_JOB, id, now + BANK_SETTLE_MS[this.options.mode], { paymentId: id } satisfies z.infer<typeof ZSettle>, { clock: this.options.clock });
      }
      return true;
    });
    if (!inserted) {
      const first = await findSandboxPaymentByReference(this.options.db, request.reference);
      if (!first) throw new Error(`sandbox provider: payment ${request.reference} conflicted but cannot be read`);
      return this.toPayment(first);
    }
    return this.toPayment(row);
  }

  async getPayment(id: string): Promise<SandboxPayment | undefined> {
    const row = await findSandboxPayment(this.options.db, id);
    return row ? this.toPayment(row) : undefined;
  }

  /** The provider's payment for a merchant reference (reconciliation), or undefined. */
  async findByReference(reference: string): Promise<SandboxPayment | undefined> {
    const row = await findSandboxPaymentByReference(this.options.db, reference);
    return row ? this.toPayment(row) : undefined;
  }

  /**
   * The merchant gives up on a reference it never heard back about: if the provider has no payment
   * for it, a failed one (`abandoned`) is recorded, so a late create with that reference answers
   * failed instead of charging. Its webhook is queued. Answers the provider's payment either way.
   */
  async abandon(reference: string, amountCents: number): Promise<SandboxPayment> {
    const now = this.now();
    const row: PaymentRow = { id: this.newId('sbx_pay'), reference, amount_cents: amountCents, method: 'card', card_last4: null, card_brand: null, status: 'failed', failure_code: 'abandoned', sequence: 1, created_at_ms: now, updated_at_ms: now };
    const inserted = await this.options.db.transaction().execute(async (trx) => {
      if (!(await insertSandboxPayment(trx, row))) return false;
      await this.enqueueEvent(trx, row);
      return true;
    });
    return inserted ? this.toPayment(row) : (await this.findByReference(reference))!;
  }

  /** Queues the webhook of a payment's current state again (a new event id), e.g. after deliveries gave up. */
  async resend(reference: string): Promise<boolean> {
    return this.options.db.transaction().execute(async (trx) => {
      const row = await findSandboxPaymentByReference(trx, reference);
      if (!row) return false;
      await this.enqueueEvent(trx, row);
      return true;
    });
  }

  /** The cardholder's answer on the 3-D Secure page. Answers the payment, or undefined when unknown; `already` when it was not waiting. */
  async completeChallenge(id: string, approve: boolean): Promise<{ payment: SandboxPayment; already: boolean } | undefined> {
    const result = await this.options.db.transaction().execute(async (trx) => {
      const row = await findSandboxPayment(trx, id, { forUpdate: true });
      if (!row) return undefined;
      if (row.status !== 'requires_action') return { row, already: true };
      const updated: PaymentRow = { ...row, status: approve ? 'succeeded' : 'failed', failure_code: approve ? null : 'authentication_failed', sequence: Number(row.sequence) + 1, updated_at_ms: this.now() };
      await updateSandboxPayment(trx, id, { status: updated.status, failure_code: updated.failure_code, sequence: updated.sequence, updated_at_ms: updated.updated_at_ms });
      await this.enqueueEvent(trx, updated);
      return { row: updated, already: false };
    });
    if (!result) return undefined;
    return { payment: this.toPayment(result.row), already: result.already };
  }

  private eventOf(row: PaymentRow): SandboxEvent {
    const type: SandboxEventType =
      row.status === 'succeeded' ? 'payment.succeeded' : row.status === 'failed' ? 'payment.failed' : row.status === 'requires_action' ? 'payment.requires_action' : 'payment.processing';
    return {
      id: this.newId('evt'),
      type,
      created: Math.floor(this.now() / 1000),
      data: {
        paymentId: row.id,
        reference: row.reference,
        amountCents: Number(row.amount_cents),
        status: row.status as SandboxStatus,
        failureCode: row.failure_code,
        challengeUrl: row.status === 'requires_action' ? this.challengeUrl(row.id) : null,
        sequence: Number(row.sequence),
      },
    };
  }

  /** Queues the webhook of the payment's current state (plus chaos: a held-back or a second delivery). */
  private async enqueueEvent(trx: Transaction<Database>, row: PaymentRow): Promise<void> {
    const event = this.eventOf(row);
    const delivery: z.infer<typeof ZDelivery> = { paymentId: row.id, eventId: event.id, body: JSON.stringify(event) };
    const now = this.now();
    const mode = this.options.mode;
    const base = mode === 'realistic' ? now + this.between([50, 800]) : now;
    const due = this.chance(this.options.reorderRate) ? base + this.between(CHAOS_DELAY_MS[mode]) : base;
    const clock = { clock: this.options.clock };
    await scheduleJob(trx, SANDBOX_DELIVER_JOB, `${row.id}:${event.id}`, due, delivery, clock);
    if (this.chance(this.options.duplicateRate)) {
      await scheduleJob(trx, SANDBOX_DELIVER_JOB, `${row.id}:${event.id}:again`, due + this.between(CHAOS_DELAY_MS[mode]), delivery, clock);
    }
  }

  /** A bank transfer settles (in the job's transaction): its `succeeded` webhook is queued with it. */
  private async settle(trx: Transaction<Database>, paymentId: string): Promise<void> {
    const row = await findSandboxPayment(trx, paymentId, { forUpdate: true });
    if (!row || row.status !== 'processing') return;
    const updated: PaymentRow = { ...row, status: 'succeeded', sequence: Number(row.sequence) + 1, updated_at_ms: this.now() };
    await updateSandboxPayment(trx, row.id, { status: 'succeeded', sequence: updated.sequence, updated_at_ms: updated.updated_at_ms });
    await this.enqueueEvent(trx, updated);
  }

  /** Sends one webhook; throws when our endpoint did not answer 2xx (the job retries with backoff). */
  private async deliver(body: string): Promise<void> {
    // Signed at send time, as real providers do: a retry carries a fresh timestamp.
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(this.options.secret, Math.floor(this.now() / 1000), body) };
    const status = await this.transport({ headers, body });
    if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
  }

  /**
   * The provider's job kinds, for the app's job registry. Deliveries hold no transaction while they
   * wait on the endpoint (it deduplicates by event id); after 12 failed attempts (1 s doubling, at
   * most an hour apart) a delivery is dead and the merchant's reconciliation asks for it again.
   */
  jobDefinitions(): AnyJobDefinition[] {
    return [
      defineJob({
        kind: SANDBOX_DELIVER_JOB,
        transaction: false,
        payload: ZDelivery,
        maxAttempts: MAX_DELIVERY_ATTEMPTS,
        backoff: deliveryBackoffMs,
        run: (job) => this.deliver(job.payload.body),
      }),
      defineJob({ kind: SANDBOX_SETTLE_JOB, payload: ZSettle, run: (job, { db }) => this.settle(db, job.payload.paymentId) }),
    ];
  }

  /** Runs the provider's due jobs until none is left (tests; deterministic mode). Answers how many ran. */
  async drain(): Promise<number> {
    return this.options.runDue(SANDBOX_JOB_KINDS);
  }
}
