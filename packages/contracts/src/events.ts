import type { z } from 'zod';

/**
 * The catalogue of domain events (docs/realtime.md, "Typed events"). Each area or feature declares its
 * events in its own `contracts/src/<area>/events.ts` with `defineEvent(name, payloadSchema)` and adds
 * them to `EventCatalogue` by module augmentation; nothing here lists them. The server loads every
 * `events.ts` at start (a folder scan) and from then on refuses to record an event that is not declared
 * or whose payload fails its schema.
 */

/** A payload is a JSON object: what handlers read. */
export type EventPayloadSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface EventDefinition<Name extends string = string, Schema extends EventPayloadSchema = EventPayloadSchema> {
  readonly name: Name;
  readonly schema: Schema;
}

/**
 * Every declared event by name, for the types: a feature's events.ts adds its own with
 * `declare module '../events' { interface EventCatalogue { 'daily-login.claimed': typeof DailyLoginClaimed } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by module augmentation
export interface EventCatalogue {}

export type EventName = keyof EventCatalogue & string;

/** The payload handlers of `E` receive (the schema's output). */
export type EventPayload<E extends EventDefinition> = z.output<E['schema']>;
/** The payload a producer of `E` gives (the schema's input). */
export type EventPayloadInput<E extends EventDefinition> = z.input<E['schema']>;

const EVENT_NAME = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/;

const declared = new Map<string, EventDefinition>();

/** Declares an event: its dotted name (`game.round-played`) and the zod schema of its payload. */
export function defineEvent<const Name extends string, Schema extends EventPayloadSchema>(name: Name, schema: Schema): EventDefinition<Name, Schema> {
  if (!EVENT_NAME.test(name) || name.length > 100) throw new Error(`event name ${name} is not a dotted lower-case name (area.what-happened)`);
  if (declared.has(name)) throw new Error(`event ${name} is declared twice`);
  const definition = Object.freeze({ name, schema });
  declared.set(name, definition);
  return definition;
}

/** The declared event of this name, or undefined. */
export function eventDefinition(name: string): EventDefinition | undefined {
  return declared.get(name);
}

/** Every declared event, by name. */
export function declaredEventNames(): string[] {
  return [...declared.keys()].sort();
}

/** An event that is not declared, or whose payload fails its schema: a bug in the producer. */
export class InvalidEventError extends Error {
  constructor(
    readonly eventName: string,
    detail: string,
  ) {
    super(`event ${eventName} refused by the catalogue: ${detail}`);
    this.name = 'InvalidEventError';
  }
}

/** Checks a payload against its event's schema; throws InvalidEventError when undeclared or invalid. */
export function checkEventPayload(name: string, payload: unknown): void {
  const definition = declared.get(name);
  if (!definition) throw new InvalidEventError(name, 'not declared (defineEvent in contracts/src/<area>/events.ts)');
  const parsed = definition.schema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidEventError(name, `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`);
  }
}
