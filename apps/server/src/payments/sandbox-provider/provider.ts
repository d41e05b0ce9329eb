import { randomBytes, randomInt } from 'node:crypto';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Rng } from '@sweepstack/domain/shared/rng';
import { PostgresAdapter, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { SandboxJobsTable, SandboxPaymentsTable } from '@sweepstack/db/tables/cashier';
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
  log?: { warn(obj: unknown, msg?: string): void };
}

type PaymentRow = Selectable<SandboxPaymentsTable>;
type JobRow = Selectable<SandboxJobsTable>;

const MAX_DELIVERY_ATTEMPTS = 12;
const CLAIM_LEASE_MS = 30_000;
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

function isPostgres(db: Kysely<Database> | Transaction<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A stand-in for an external card network (docs/cashier.md): its own payments table, a short
 * network delay before it answers, 3-D Secure challenges, bank transfers that settle later, and
 * signed webhooks delivered from a durable job queue (claimed atomically, retried with backoff),
 * optionally late, twice or out of order.
 */
export class SandboxProvider {
  private readonly rng: Rng;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private lastPurgeMs = 0;
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
    const existing = await this.options.db.selectFrom('sandbox_payments').selectAll().where('reference', '=', request.reference).executeTakeFirst();
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
      const result = await trx.insertInto('sandbox_payments').values(row).onConflict((oc) => oc.column('reference').doNothing()).executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await this.enqueueEvent(trx, row);
      if (status === 'processing') {
        await trx.insertInto('sandbox_jobs').values({ kind: 'settle', payment_id: id, event_id: null, body: null, due_at_ms: now + BANK_SETTLE_MS[this.options.mode], claimed_until_ms: null, attempts: 0, done_at_ms: null, outcome: null, last_error: null, created_at_ms: now }).execute();
      }
      return true;
    });
    if (!inserted) {
      const first = await this.options.db.selectFrom('sandbox_payments').selectAll().where('reference', '=', request.reference).executeTakeFirstOrThrow();
      return this.toPayment(first);
    }
    this.wake();
    return this.toPayment(row);
  }

  async getPayment(id: string): Promise<SandboxPayment | undefined> {
    const row = await this.options.db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? this.toPayment(row) : undefined;
  }

  /** The provider's payment for a merchant reference (reconciliation), or undefined. */
  async findByReference(reference: string): Promise<SandboxPayment | undefined> {
    const row = await this.options.db.selectFrom('sandbox_payments').selectAll().where('reference', '=', reference).executeTakeFirst();
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
      const result = await trx.insertInto('sandbox_payments').values(row).onConflict((oc) => oc.column('reference').doNothing()).executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await this.enqueueEvent(trx, row);
      return true;
    });
    if (inserted) this.wake();
    return inserted ? this.toPayment(row) : (await this.findByReference(reference))!;
  }

  /** Queues the webhook of a payment's current state again (a new event id), e.g. after deliveries gave up. */
  async resend(reference: string): Promise<boolean> {
    const sent = await this.options.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('sandbox_payments').selectAll().where('reference', '=', reference).executeTakeFirst();
      if (!row) return false;
      await this.enqueueEvent(trx, row);
      return true;
    });
    if (sent) this.wake();
    return sent;
  }

  /** The cardholder's answer on the 3-D Secure page. Answers the payment, or undefined when unknown; `already` when it was not waiting. */
  async completeChallenge(id: string, approve: boolean): Promise<{ payment: SandboxPayment; already: boolean } | undefined> {
    const result = await this.options.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('sandbox_payments').selectAll().where('id', '=', id);
      if (isPostgres(trx)) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      if (row.status !== 'requires_action') return { row, already: true };
      const updated: PaymentRow = { ...row, status: approve ? 'succeeded' : 'failed', failure_code: approve ? null : 'authentication_failed', sequence: Number(row.sequence) + 1, updated_at_ms: this.now() };
      await trx.updateTable('sandbox_payments').set({ status: updated.status, failure_code: updated.failure_code, sequence: updated.sequence, updated_at_ms: updated.updated_at_ms }).where('id', '=', id).execute();
      await this.enqueueEvent(trx, updated);
      return { row: updated, already: false };
    });
    if (!result) return undefined;
    this.wake();
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
    const body = JSON.stringify(event);
    const now = this.now();
    const mode = this.options.mode;
    const base = mode === 'realistic' ? now + this.between([50, 800]) : now;
    const due = this.chance(this.options.reorderRate) ? base + this.between(CHAOS_DELAY_MS[mode]) : base;
    const job = { kind: 'deliver' as const, payment_id: row.id, event_id: event.id, body, claimed_until_ms: null, attempts: 0, done_at_ms: null, outcome: null, last_error: null, created_at_ms: now };
    await trx.insertInto('sandbox_jobs').values({ ...job, due_at_ms: due }).execute();
    if (this.chance(this.options.duplicateRate)) {
      await trx.insertInto('sandbox_jobs').values({ ...job, due_at_ms: due + this.between(CHAOS_DELAY_MS[mode]) }).execute();
    }
  }

  /** Claims due jobs atomically (any number of processes may run workers). */
  private async claim(limit: number): Promise<JobRow[]> {
    const db = this.options.db;
    const now = this.now();
    let candidates = db
      .selectFrom('sandbox_jobs')
      .select('id')
      .where('done_at_ms', 'is', null)
      .where('due_at_ms', '<=', now)
      .where((eb) => eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<=', now)]))
      .orderBy('due_at_ms')
      .orderBy('id')
      .limit(limit);
    if (isPostgres(db)) candidates = candidates.forUpdate().skipLocked();
    const rows = await db
      .updateTable('sandbox_jobs')
      .set({ claimed_until_ms: now + CLAIM_LEASE_MS })
      .where('id', 'in', candidates)
      .where('done_at_ms', 'is', null)
      .where((eb) => eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<=', now)]))
      .returningAll()
      .execute();
    return rows.sort((a, b) => Number(a.due_at_ms) - Number(b.due_at_ms) || Number(a.id) - Number(b.id));
  }

  private async runJob(job: JobRow): Promise<void> {
    const db = this.options.db;
    if (job.kind === 'settle') {
      await db.transaction().execute(async (trx) => {
        let query = trx.selectFrom('sandbox_payments').selectAll().where('id', '=', job.payment_id);
        if (isPostgres(trx)) query = query.forUpdate();
        const row = await query.executeTakeFirst();
        if (row && row.status === 'processing') {
          const updated: PaymentRow = { ...row, status: 'succeeded', sequence: Number(row.sequence) + 1, updated_at_ms: this.now() };
          await trx.updateTable('sandbox_payments').set({ status: 'succeeded', sequence: updated.sequence, updated_at_ms: updated.updated_at_ms }).where('id', '=', row.id).execute();
          await this.enqueueEvent(trx, updated);
        }
        await trx.updateTable('sandbox_jobs').set({ done_at_ms: this.now(), outcome: 'settled', attempts: Number(job.attempts) + 1 }).where('id', '=', job.id).execute();
      });
      return;
    }
    const body = job.body ?? '';
    // Signed at send time, as real providers do: a retry carries a fresh timestamp.
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(this.options.secret, Math.floor(this.now() / 1000), body) };
    let status = 0;
    let error: string | null = null;
    try {
      status = await this.transport({ headers, body });
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const attempts = Number(job.attempts) + 1;
    if (status >= 200 && status < 300) {
      await db.updateTable('sandbox_jobs').set({ done_at_ms: this.now(), outcome: 'delivered', attempts, claimed_until_ms: null }).where('id', '=', job.id).execute();
      return;
    }
    const lastError = (error ?? `HTTP ${status}`).slice(0, 500);
    if (attempts >= MAX_DELIVERY_ATTEMPTS) {
      this.options.log?.warn({ jobId: job.id, eventId: job.event_id, lastError }, 'sandbox provider: webhook delivery gave up');
      await db.updateTable('sandbox_jobs').set({ done_at_ms: this.now(), outcome: 'gave_up', attempts, last_error: lastError, claimed_until_ms: null }).where('id', '=', job.id).execute();
      return;
    }
    await db.updateTable('sandbox_jobs').set({ attempts, last_error: lastError, claimed_until_ms: null, due_at_ms: this.now() + deliveryBackoffMs(attempts) }).where('id', '=', job.id).execute();
  }

  /** Runs the jobs due now (one claim of up to `limit`); answers how many ran. */
  async runDue(limit = 20): Promise<number> {
    const jobs = await this.claim(limit);
    for (const job of jobs) await this.runJob(job);
    return jobs.length;
  }

  /** Deletes finished jobs older than `keepMs` (7 days by default): the queue does not grow forever. */
  async purgeFinished(keepMs = 7 * 86_400_000): Promise<number> {
    const result = await this.options.db.deleteFrom('sandbox_jobs').where('done_at_ms', 'is not', null).where('done_at_ms', '<', this.now() - keepMs).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }

  /** Runs due jobs until none is left (tests; deterministic mode). */
  async drain(maxRounds = 100): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round++) {
      const ran = await this.runDue(50);
      if (ran === 0) return total;
      total += ran;
    }
    return total;
  }

  /** Starts the background worker: polls every `pollMs`, and at once after new work is queued here. */
  start(pollMs = 250): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      this.timer = undefined;
      if (this.stopped) return;
      try {
        while (!this.stopped && (await this.runDue()) > 0) {
          // keep going while there is due work
        }
        if (this.now() - this.lastPurgeMs > 3_600_000) {
          this.lastPurgeMs = this.now();
          await this.purgeFinished();
        }
      } catch (error) {
        this.options.log?.warn({ err: error }, 'sandbox provider: job run failed');
      }
      if (!this.stopped) this.schedule(pollMs);
    };
    this.tick = () => {
      if (this.running) return this.running;
      this.running = tick().finally(() => (this.running = undefined));
      return this.running;
    };
    this.schedule(0);
  }

  private tick: (() => Promise<void>) | undefined;

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick?.(), ms);
    this.timer.unref();
  }

  private wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
