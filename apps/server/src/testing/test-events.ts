import { defineEvent, eventDefinition } from '@sweepstack/contracts/events';
import { z } from 'zod';

/**
 * Declares events that only tests record (`test.restart`…), with a payload that accepts any object:
 * the server refuses undeclared events once it is built. Declaring one twice in a file is harmless.
 */
export function declareTestEvents(...names: string[]): void {
  for (const name of names) if (!eventDefinition(name)) defineEvent(name, z.looseObject({}));
}
