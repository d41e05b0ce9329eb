import { countJobsByStatus, scheduleJob } from '@sweepstack/db/jobs/repository';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { type AnyJobDefinition, defineJob } from '../../jobs/registry';
import { SANDBOX_SCENARIO_NAMES, SANDBOX_SCENARIOS, type SandboxScenario } from './scenarios';
import { signCallback, SIGNATURE_HEADER } from './signature';

/** What the provider posts to our callback endpoint. */
export interface IdentityCallbackEvent {
  eventId: string;
  reference: string;
  sequence: number;
  state: string;
  occurredAtMs: number;
}

/** Sends one signed callback; answers the HTTP status our endpoint gave. */
export type CallbackTransport = (body: string, headers: Record<string, string>) => Promise<number>;

/** One step of a check: a durable job (docs/jobs.md) that sends its callback, then schedules the next step. */
export const IDENTITY_STEP_JOB = 'kyc-sandbox.callback';
const DELIVERY_ATTEMPTS = 3;
const ZStep = z.object({ reference: z.string().min(1).max(64), scenario: z.enum(SANDBOX_SCENARIO_NAMES), index: z.number().int().min(0) });

export interface SandboxIdentityProviderOptions {
  db: Kysely<Database>;
  secret: string;
  stepDelayMs: number;
  clock: Clock;
  transport: CallbackTransport;
  onDeliveryFailure?: (reference: string, detail: string) => void;
  /** Runs the provider's due jobs now (the app's job runner, limited to its kind). */
  runDue: (kinds: readonly string[]) => Promise<number>;
}

/**
 * A stand-in for an identity verification provider: after a check starts, it reports the states of
 * its scenario one by one, `stepDelayMs` apart, as signed callbacks to our endpoint. Each step is a
 * durable job, so a check goes on after a restart. Like a real provider it retries a callback that
 * was not answered 2xx (three attempts); a step that still fails is dead (operators see it) and the
 * next step follows all the same. Steps leave in order: a step schedules the next once it is sent.
 */
export class SandboxIdentityProvider {
  constructor(private readonly options: SandboxIdentityProviderOptions) {}

  /** Schedules the scenario's first step, in `db` (the transaction that records the check). */
  async start(db: Kysely<Database> | Transaction<Database>, reference: string, scenario: SandboxScenario): Promise<void> {
    await this.scheduleStep(db, { reference, scenario, index: 0 });
  }

  /** The provider's job kind, for the app's job registry. */
  jobDefinition(): AnyJobDefinition {
    const delayMs = this.options.stepDelayMs;
    return defineJob({
      kind: IDENTITY_STEP_JOB,
      // The callback goes to our own endpoint, which opens its transactions: hold none meanwhile.
      transaction: false,
      payload: ZStep,
      maxAttempts: DELIVERY_ATTEMPTS,
      backoff: (attempt) => Math.min(delayMs, 1000) * attempt,
      run: async (job, { db }) => {
        const { reference, scenario, index } = job.payload;
        const state = SANDBOX_SCENARIOS[scenario][index];
        if (state === undefined) return;
        const event: IdentityCallbackEvent = { eventId: `${reference}:${index + 1}`, reference, sequence: index + 1, state, occurredAtMs: this.options.clock.nowMs() };
        const detail = await this.deliver(event);
        if (detail !== null && job.attempts < DELIVERY_ATTEMPTS) throw new Error(detail);
        if (detail !== null) this.options.onDeliveryFailure?.(reference, detail);
        if (index + 1 < SANDBOX_SCENARIOS[scenario].length) await this.scheduleStep(db, { reference, scenario, index: index + 1 });
        if (detail !== null) throw new Error(`${detail} (gave up after ${DELIVERY_ATTEMPTS} attempts)`);
      },
    });
  }

  /** Resolves when every scheduled step has run (tests): runs due steps, waiting for later ones. */
  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.options.runDue([IDENTITY_STEP_JOB]);
      const counts = await countJobsByStatus(this.options.db, IDENTITY_STEP_JOB);
      if (counts.pending + counts.running === 0) return;
      if (Date.now() > deadline) throw new Error('sandbox identity provider: steps still pending');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async scheduleStep(db: Kysely<Database> | Transaction<Database>, step: z.infer<typeof ZStep>): Promise<void> {
    await scheduleJob(db, IDENTITY_STEP_JOB, `${step.reference}:${step.index + 1}`, this.options.clock.nowMs() + this.options.stepDelayMs, step, { clock: this.options.clock });
  }

  /** Sends one callback; answers null when our endpoint took it, else what went wrong. */
  private async deliver(event: IdentityCallbackEvent): Promise<string | null> {
    const body = JSON.stringify(event);
    try {
      const status = await this.options.transport(body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(this.options.secret, this.options.clock.nowMs(), body) });
      return status >= 200 && status < 300 ? null : `status ${status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}
