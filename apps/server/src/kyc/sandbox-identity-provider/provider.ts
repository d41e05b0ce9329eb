import type { Clock } from '@sweepstack/domain/shared/clock';
import { SANDBOX_SCENARIOS, type SandboxScenario } from './scenarios';
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

/**
 * A stand-in for an identity verification provider: after a check starts, it reports the states of
 * its scenario one by one, `stepDelayMs` apart, as signed callbacks to our endpoint. Like a real
 * provider it retries a callback that was not answered 2xx (three attempts).
 */
export class SandboxIdentityProvider {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly options: { secret: string; stepDelayMs: number; clock: Clock; transport: CallbackTransport; onDeliveryFailure?: (reference: string, detail: string) => void },
  ) {}

  /** Schedules the scenario's callbacks for a check. */
  start(reference: string, scenario: SandboxScenario): void {
    const states = SANDBOX_SCENARIOS[scenario];
    // One chain per check so that its callbacks leave in order.
    let chain = Promise.resolve();
    states.forEach((state, index) => {
      chain = chain.then(() => this.after(this.options.stepDelayMs)).then(() => this.deliver({ eventId: `${reference}:${index + 1}`, reference, sequence: index + 1, state, occurredAtMs: this.options.clock.nowMs() }));
    });
    this.track(chain);
  }

  /** Resolves when every scheduled callback has been delivered (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Stops: pending steps are dropped. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private after(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('provider closed'));
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private async deliver(event: IdentityCallbackEvent): Promise<void> {
    const body = JSON.stringify(event);
    let lastDetail = '';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      if (this.closed) return;
      try {
        const status = await this.options.transport(body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(this.options.secret, this.options.clock.nowMs(), body) });
        if (status >= 200 && status < 300) return;
        lastDetail = `status ${status}`;
      } catch (error) {
        lastDetail = error instanceof Error ? error.message : String(error);
      }
      await this.after(Math.min(this.options.stepDelayMs, 1000) * attempt);
    }
    this.options.onDeliveryFailure?.(event.reference, lastDetail);
  }
}
