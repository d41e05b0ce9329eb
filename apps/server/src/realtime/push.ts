import { ZPushMessage, type PushMessage, type PushMessageInput } from '@sweepstack/contracts/realtime/push';
import { recordEvent, type NewDomainEvent } from '@sweepstack/db/repositories/domain-events';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely, Transaction } from 'kysely';

/** A push message that breaks the contract: a bug in the code that built it. */
export class InvalidPushError extends Error {
  constructor(detail: string) {
    super(`push message refused by the contract: ${detail}`);
    this.name = 'InvalidPushError';
  }
}

/** The message as the contract parses it, or InvalidPushError. */
export function validatePush(message: unknown): PushMessage {
  const parsed = ZPushMessage.safeParse(message);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidPushError(`${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export interface RecordPushRequest {
  /** Domain event type (for feature handlers): `player.game-mode-changed`. */
  eventType: string;
  /** The player whose tabs receive it; null sends it to every connected socket. */
  playerId: number | null;
  push: PushMessageInput;
  /** Extra data for handlers (the push's data is included under `push`). */
  payload?: Record<string, unknown>;
}

/**
 * Records a domain event carrying a push in the caller's transaction: it reaches the player's open
 * tabs after commit, and never if the transaction rolls back. Throws InvalidPushError (which rolls
 * the caller's transaction back) when the message breaks the contract.
 */
export async function recordPush(db: Kysely<Database> | Transaction<Database>, request: RecordPushRequest, options: { clock?: Clock } = {}): Promise<number> {
  return recordEvent(db, pushEvent(request), options);
}

/** The domain event carrying a push, for `recordEvents` (InvalidPushError when the message breaks the contract). */
export function pushEvent(request: RecordPushRequest): NewDomainEvent {
  const push = validatePush(request.push);
  return { type: request.eventType, playerId: request.playerId, payload: { ...request.payload, push }, push };
}
