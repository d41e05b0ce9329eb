import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { apiHeaders, findControlCharacter, helmetHeaders, registerSecurity } from './security';

/** The headers @fastify/helmet (helmet run on every request) sets for these options. */
async function perRequestHelmetHeaders(options: HelmetOptions): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(fastifyHelmet, options as Parameters<typeof fastifyHelmet>[1]);
  app.get('/', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !skip.has(name)).map(([name, value]) => [name, String(value)]));
}

describe('helmetHeaders', () => {
  for (const secure of [false, true]) {
    it(`sets exactly what helmet sets per request (HSTS ${secure ? 'on' : 'off'})`, async () => {
      const options: HelmetOptions = {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'", "'unsafe-inline'", 'https://captcha.example.com'],
            'object-src': ["'none'"],
            ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
          },
        },
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: secure,
      };
      const expected = await perRequestHelmetHeaders(options);
      expect(Object.keys(expected)).toContain('content-security-policy');
      expect('strict-transport-security' in expected).toBe(secure);
      expect(Object.fromEntries(helmetHeaders(options))).toEqual(expected);
    });
  }
});

describe('security headers by kind of answer', () => {
  it('gives JSON under API paths the REST set, and HTML under an API path or a page path the page set', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sweepstack-sec-')), LOG_LEVEL: 'silent', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123' });
    const app = Fastify();
    await registerSecurity(app, config, undefined);
    app.get('/rest/json/', async () => ({ ok: true }));
    app.get('/rest/page/', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><title>x</title>'));
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><title>x</title>'));
    const api = Object.fromEntries(apiHeaders(false));
    const json = await app.inject({ method: 'GET', url: '/rest/json/' });
    for (const [name, value] of Object.entries(api)) expect(json.headers[name], name).toBe(value);
    expect(json.headers['cross-origin-opener-policy']).toBeUndefined();
    for (const url of ['/rest/page/', '/page']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    await app.close();
  });
});

describe('findControlCharacter', () => {
  it('names the first field holding a control character, in keys too; tabs and line breaks are text', () => {
    expect(findControlCharacter({ a: 'x', b: ['ok', { c: 'a\u0000b' }] }, '')).toBe('b.1.c');
    expect(findControlCharacter({ id: '1\u001b' }, 'params')).toBe('params.id');
    expect(findControlCharacter({ ['k\u0007']: 1 }, '')).toBe('k?');
    expect(findControlCharacter('\u007f', '')).toBe('_');
    expect(findControlCharacter({ text: 'line\nbreak\tand\r\n', n: 1, t: true, z: null }, '')).toBeUndefined();
    expect(findControlCharacter(Buffer.from('a\u0000b'), '')).toBeUndefined();
  });

  it('walks a body nested deeper than the call stack without overflowing', () => {
    let deep: unknown = 'a\u0001';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlCharacter(deep, '')).toMatch(/^0(\.0)+$/);
  });
});
