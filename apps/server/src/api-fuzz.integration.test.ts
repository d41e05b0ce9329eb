import { createHash } from 'node:crypto';
import { ZErrorResponse } from '@sweepstack/contracts/envelope';
import { auditLedger } from '@sweepstack/db/repositories/ledger-audit';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from './testing/auth-helpers';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Every operation of the OpenAPI document, as a guest and as a player, under a seeded and bounded set
 * of hostile inputs (docs/security.md, "The fuzz, path and crash tests"). Generated from the document
 * the server serves: an operation added tomorrow is fuzzed without a line written for it.
 *
 * FUZZ_SEED replays a run; FUZZ_RUNS sets the requests per operation and role (default 16).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);

interface JsonSchema {
  type?: string | string[];
  pattern?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}
interface Operation {
  method: string;
  path: string;
  parameters: Array<{ in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema }>;
  body: JsonSchema | undefined;
}

/** What an answer must never hold: a stack trace, or the text of SQL or of a database error. */
const STACK_TRACE = /\n\s+at .+[(\s].*:\d+:\d+|node:internal\/|\bat async\b/;
const SQL_TEXT =
  /\b(SQLITE_[A-Z]+|SqliteError|syntax error at or near|violates (unique|foreign key|check|not-null) constraint|duplicate key value|invalid input syntax for|invalid byte sequence for encoding|relation "\w+" does not exist|column "\w+" does not exist|no such (table|column))\b|\b(select\b[^\n]{0,300}\bfrom\s+"\w+"|insert into\s+"\w+"|update\s+"\w+"\s+set|delete from\s+"\w+")/i;

/** Strings that break parsers, encoders and databases: NUL and other controls, lone surrogates, odd Unicode, huge. */
const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\u0001\u001f\u007f', '\t\r\n', '\ud800', '\udfff\ud800', '\u202e\u0000', '\ufeff', '🎰'.repeat(40),
  '%00', '%zz', '%C0%AE%C0%AE/', '../../etc/passwd', '..%2f..%2f', "' or 1=1 --", '"; drop table players; --', '<script>alert(1)</script>',
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'NaN', 'Infinity', '-0', '1e309', '0x10', '9'.repeat(40), 'x'.repeat(300), 'y'.repeat(20_000),
];
const HOSTILE_NUMBERS = [0, -1, -0, 0.5, -0.5, 1e-9, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, true, false, null, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)) },
  { weight: 1, arbitrary: fc.constantFrom(nested(3_000, 'array'), nested(3_000, 'object'), Array.from({ length: 5_000 }, (_, i) => i)) },
);

/** Values of a schema's own shape (so that requests get past validation and into the handlers) or hostile ones. */
function valueFor(schema: JsonSchema | undefined, plausible: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const shaped: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) shaped.push(fc.constantFrom(...schema.enum));
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) shaped.push(fc.oneof(...variants.map((v) => valueFor(v, plausible, depth + 1))));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    if (type === 'string' && !schema.enum) shaped.push(stringFor(schema, plausible));
    if (type === 'integer' || type === 'number') {
      const edges = [schema.minimum, schema.maximum].filter((n): n is number => typeof n === 'number').flatMap((n) => [n - 1, n, n + 1]);
      shaped.push(fc.oneof(fc.integer({ min: -5, max: 1_000 }), fc.constantFrom(1, 2, 100, 5_000, ...edges)));
    }
    if (type === 'boolean') shaped.push(fc.boolean());
    if (type === 'array') shaped.push(fc.array(valueFor(schema.items, plausible, depth + 1), { maxLength: 4 }));
    if (type === 'object' && schema.properties) {
      const keys = Object.keys(schema.properties);
      const fields = Object.fromEntries(keys.map((k) => [k, fc.oneof({ weight: 6, arbitrary: valueFor(schema.properties![k], plausible, depth + 1) }, { weight: 1, arbitrary: hostileValue })]));
      const required = (schema.required ?? []).filter((k) => keys.includes(k));
      // Every required field (to reach the handler), or any subset (missing fields), or extra ones.
      const complete = fc.record(fields, { requiredKeys: required });
      const partial = fc.record(fields, { requiredKeys: [] });
      const extra = fc.tuple(complete, fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', 'a\u0000'), hostileValue, { minKeys: 1, maxKeys: 2 })).map(([r, more]) => ({ ...more, ...r }));
      shaped.push(fc.oneof({ weight: 4, arbitrary: complete }, { weight: 1, arbitrary: partial }, { weight: 1, arbitrary: extra }));
    }
  }
  if (shaped.length === 0) return hostileValue;
  return fc.oneof({ weight: 6, arbitrary: fc.oneof(...shaped) }, { weight: 1, arbitrary: hostileValue });
}

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f'];

/**
 * A string of the schema's shape (its pattern, an email, one of the document's own enum values or a
 * live session id), often poisoned with a control character somewhere: valid enough to reach the
 * database, which is where NUL used to break PostgreSQL.
 */
function stringFor(schema: JsonSchema & { pattern?: string; format?: string }, plausible: readonly string[]): fc.Arbitrary<string> {
  const base = schema.pattern
    ? fc.stringMatching(new RegExp(schema.pattern))
    : schema.format === 'email'
      ? fc.emailAddress()
      : fc.oneof(fc.constantFrom(...plausible), fc.string({ minLength: Math.max(schema.minLength ?? 0, 1), maxLength: Math.min(schema.maxLength ?? 40, 80) }));
  const poisoned = fc.tuple(base, fc.constantFrom(...CONTROL_CHARACTERS), fc.nat()).map(([text, control, at]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    return text.slice(0, i) + control + text.slice(i);
  });
  return fc.oneof({ weight: 3, arbitrary: base }, { weight: 2, arbitrary: poisoned }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) });
}

/** How a path or query value is written into the URL: encoded, raw, or with broken percent-encoding. */
function urlText(value: unknown): fc.Arbitrary<string> {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  // encodeURIComponent refuses lone surrogates: those go in raw (the last two forms).
  const wellFormed = text.replace(/[\ud800-\udfff]/g, '?');
  return fc.constantFrom(encodeURIComponent(wellFormed), text.replace(/[/?#\s]/g, '_').slice(0, 2_000), encodeURIComponent(wellFormed.slice(0, 20)).replace(/%/g, '%%'), `%${text.slice(0, 2)}`);
}

interface FuzzRequest {
  url: string;
  contentType: string | undefined;
  payload: string | undefined;
  extraHeaders: Record<string, string>;
}

function requestFor(operation: Operation, plausible: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const pathValues = fc.tuple(...pathParameters.map((p) => valueFor(p.schema, plausible).chain(urlText)));
  const query = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...(queryParameters.length ? queryParameters.map((p) => p.name) : ['q'])), fc.constantFrom('extra', 'a[b]', '__proto__', '%00')), fc.oneof(...(queryParameters.length ? queryParameters.map((p) => valueFor(p.schema, plausible)) : [hostileValue])).chain(urlText)),
    { maxLength: 4 },
  );
  const jsonBody = valueFor(operation.body, plausible).map((value) => JSON.stringify(value) ?? 'null');
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constant<string | undefined>('application/json'), jsonBody) },
    // Broken JSON, wrong content types, odd charsets, a body where none is expected or none where one is.
    { weight: 1, arbitrary: fc.tuple(fc.constant<string | undefined>('application/json'), fc.constantFrom('{', '{"a":', '[1,]', 'nul', '\u0000', '{"a":1}{"b":2}', '"\\ud800"', '{"__proto__":{"x":1}}', '9'.repeat(400), ' ')) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom<string | undefined>('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml', '', undefined), fc.oneof(jsonBody, fc.string({ unit: 'binary', maxLength: 60 }))) },
    { weight: 1, arbitrary: fc.constant<[string | undefined, string | undefined]>([undefined, undefined]) },
  );
  const extraHeaders = fc.constantFrom<Record<string, string>>({}, {}, { 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { 'accept-language': '\u00ff'.repeat(10) }, { 'x-forwarded-for': '1.2.3.4, ::1' });
  return fc.record({ pathValues, query, body, extraHeaders }).map(({ pathValues: values, query: pairs, body: [contentType, payload], extraHeaders: headers }) => {
    let i = 0;
    const path = operation.path.replace(/\{[^}]+\}/g, () => values[i++] ?? 'x');
    const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
    return { url: search ? `${path}?${search}` : path, contentType, payload, extraHeaders: headers };
  });
}

function operationsOf(document: { paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      operations.push({ method: method.toUpperCase(), path, parameters: operation.parameters ?? [], body: operation.requestBody?.content?.['application/json']?.schema });
    }
  }
  return operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

function seedOf(...parts: string[]): number {
  return createHash('sha256').update(`${SEED}:${parts.join(':')}`).digest().readUInt32LE(0);
}

describe.each(dialectsUnderTest())('every OpenAPI operation under hostile input on %s', (dialect) => {
  let t: TestApp;
  const sent = { guest: 0, player: 0 };
  const statuses = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(async () => {
    const byClass = [...statuses.entries()].sort().map(([k, v]) => `${k}: ${v}`).join(', ');
    console.log(`api fuzz on ${dialect} (seed ${SEED}, ${RUNS} runs per operation and role): ${sent.guest + sent.player} requests (guest ${sent.guest}, player ${sent.player}); ${byClass}`);
    await t?.close();
  });

  it('answers no 5xx, no stack trace and no SQL text, always in the error envelope, and leaves the ledger audit clean', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json() as Parameters<typeof operationsOf>[0];
    const operations = operationsOf(document);
    // A broken document must not pass as "nothing to fuzz".
    expect(operations.length).toBeGreaterThan(60);
    const enums = new Set<string>();
    JSON.stringify(document, (key, value: unknown) => {
      if (key === 'enum' && Array.isArray(value)) for (const item of value) if (typeof item === 'string') enums.add(item);
      return value;
    });
    const gameIds = (await t.database.db.selectFrom('games').select('id').orderBy('id').limit(3).execute()).map((g) => String(g.id));
    expect(gameIds.length).toBeGreaterThan(0);

    for (const operation of operations) {
      for (const role of ['guest', 'player'] as const) {
        // A fresh player per operation: one operation may sign out, self-exclude or spend everything.
        const plausible = [...enums, ...gameIds, 'gc-5k', 'card', '4242424242424242', 'demo@sweepstack.local', 'Lucky-Spin-42', 'fuzz-key-0001', 'en', 'es'];
        let cookie: string | undefined;
        if (role === 'player') {
          const signedUp = await signUpViaApi(t.app, `fuzz.${seedOf(operation.path, operation.method).toString(36)}.${dialect}@example.com`);
          cookie = signedUp.cookie;
          const launched = gameIds[0] ? ((await t.app.inject({ method: 'GET', url: `/rest/game/${gameIds[0]}/play/`, headers: { cookie } })).json() as { data?: { session?: string } }) : {};
          if (launched.data?.session) plausible.push(launched.data.session);
        }
        await fc.assert(
          fc.asyncProperty(requestFor(operation, plausible), async (request) => {
            const options: InjectOptions = {
              method: operation.method as InjectOptions['method'],
              url: request.url,
              headers: { ...request.extraHeaders, ...(request.contentType !== undefined ? { 'content-type': request.contentType } : {}), ...(cookie ? { cookie } : {}) },
              ...(request.payload !== undefined && operation.method !== 'GET' ? { payload: request.payload } : {}),
            };
            const res = await t.app.inject(options);
            sent[role] += 1;
            const statusClass = `${Math.floor(res.statusCode / 100)}xx`;
            statuses.set(statusClass, (statuses.get(statusClass) ?? 0) + 1);
            const what = `${role} ${operation.method} ${request.url.slice(0, 300)} (${request.contentType}) → ${res.statusCode} ${res.body.slice(0, 500)}`;
            expect(res.statusCode, what).toBeLessThan(500);
            expect(STACK_TRACE.test(res.body), what).toBe(false);
            expect(SQL_TEXT.test(res.body), what).toBe(false);
            if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
              expect(ZErrorResponse.safeParse(res.json()).success, what).toBe(true);
            }
          }),
          { seed: seedOf(operation.path, operation.method, role), numRuns: RUNS },
        );
      }
      const violations = await auditLedger(t.database.db);
      expect(violations, `ledger audit after ${operation.method} ${operation.path}`).toEqual([]);
    }
  }, 900_000);
});
