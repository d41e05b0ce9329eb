import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, defineErrors, errorCatalogue, errorEntry, isErrorCode } from './errors';
import { checkEventPayload, declaredEventNames, defineEvent, eventDefinition, InvalidEventError } from './events';
import { definePush, pushTypes, ZPushMessage } from './realtime/push';

describe('catalogues that features join by declaring', () => {
  it('events: a declared event checks its payload; an undeclared one or a second declaration is refused', () => {
    const Played = defineEvent('catalogue-test.played', z.object({ roundId: z.number().int().positive() }));
    expect(eventDefinition('catalogue-test.played')).toBe(Played);
    expect(declaredEventNames()).toContain('catalogue-test.played');
    expect(() => checkEventPayload('catalogue-test.played', { roundId: 3, extra: true })).not.toThrow();
    expect(() => checkEventPayload('catalogue-test.played', { roundId: -1 })).toThrow(/roundId/);
    expect(() => checkEventPayload('catalogue-test.unknown', {})).toThrow(InvalidEventError);
    expect(() => defineEvent('catalogue-test.played', z.object({}))).toThrow(/declared twice/);
    expect(() => defineEvent('NotDotted', z.object({}))).toThrow(/dotted/);
  });

  it('pushes: a declared type joins ZPushMessage, parsed by its own schema', () => {
    expect(ZPushMessage.safeParse({ type: 'catalogueTest', action: 'done', data: { n: 1 } }).success).toBe(false);
    definePush('catalogueTest', z.object({ type: z.literal('catalogueTest'), action: z.literal('done'), data: z.object({ n: z.number().int().default(0) }) }));
    expect(pushTypes()).toContain('catalogueTest');
    expect(ZPushMessage.parse({ type: 'catalogueTest', action: 'done', data: {} })).toEqual({ type: 'catalogueTest', action: 'done', data: { n: 0 } });
    expect(ZPushMessage.safeParse({ type: 'catalogueTest', action: 'other', data: {} }).success).toBe(false);
    expect(() => definePush('catalogueTest', z.object({ type: z.literal('catalogueTest'), action: z.literal('x') }))).toThrow(/declared twice/);
  });

  it('errors: declared codes map like the shared ones; bad or duplicate codes are refused', () => {
    expect(isErrorCode('CATALOGUE_TEST_CLOSED')).toBe(false);
    defineErrors({ CATALOGUE_TEST_CLOSED: { status: 409, messageKey: 'errors.catalogueTestClosed', message: 'Closed.' } });
    expect(isErrorCode('CATALOGUE_TEST_CLOSED')).toBe(true);
    expect(errorCatalogue().CATALOGUE_TEST_CLOSED?.status).toBe(409);
    const error = new AppError('CATALOGUE_TEST_CLOSED' as never);
    expect([error.status, error.message]).toEqual([409, 'Closed.']);
    expect(errorEntry('NOT_FOUND').status).toBe(404);
    expect(() => defineErrors({ NOT_FOUND: { status: 404, messageKey: 'errors.notFound', message: 'x' } })).toThrow(/declared twice/);
    expect(() => defineErrors({ lower_case: { status: 400, messageKey: 'errors.x', message: 'x' } })).toThrow(/UPPER_SNAKE/);
    expect(() => defineErrors({ CATALOGUE_TEST_KEY: { status: 400, messageKey: 'catalogue.x', message: 'x' } })).toThrow(/message key/);
  });
});
