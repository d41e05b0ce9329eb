import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security';

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
