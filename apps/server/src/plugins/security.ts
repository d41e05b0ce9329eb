import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config';
import { errorBody } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Helmet with a real Content-Security-Policy, per-IP rate limits (in Redis when configured, so that
 * every node shares one count) and the Origin check on state-changing calls.
 */
export async function registerSecurity(app: FastifyInstance, config: ServerConfig, redis: Redis | undefined): Promise<void> {
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // React Router inlines its hydration data and module preloads in <script> tags.
        'script-src': ["'self'", "'unsafe-inline'", ...(config.CAPTCHA_SCRIPT_URL ? [new URL(config.CAPTCHA_SCRIPT_URL).origin] : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'frame-src': ["'self'", ...(config.CAPTCHA_SCRIPT_URL ? [new URL(config.CAPTCHA_SCRIPT_URL).origin] : [])],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        ...(config.secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.secureCookies,
  });
  // Helmet's headers, computed once: @fastify/helmet rebuilt helmet (and re-parsed the CSP) on every
  // request, about 7% of a small API call. The options hold no per-request values (no nonces).
  //
  // JSON answers of the API get the smaller set OWASP recommends for REST services (apiHeaders): the
  // page-only headers (a page CSP, COOP, X-DNS-Prefetch-Control…) do nothing for a fetch response and
  // were about 40% of its header bytes. An API path that answers HTML (a sandbox page) gets the page
  // set on its way out; until then it has the stricter `default-src 'none'`, so a page forgotten here
  // would break visibly rather than run unprotected.
  const apiSecurityHeaders = apiHeaders(config.secureCookies);
  const apiHeaderNames = apiSecurityHeaders.map(([name]) => name);
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isApiPath(request.url) ? apiSecurityHeaders : securityHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        for (const name of apiHeaderNames) reply.raw.removeHeader(name);
        for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
      }
    }
    done(null, payload);
  });

  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'sweepstack-rl:' } : {}),
    // The limit, remaining and reset headers go on the 429 answer (with retry-after) only: every
    // other answer would carry three headers no client of ours reads.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    allowList: (request) => request.url === '/healthz' || request.url === '/readyz' || request.url.startsWith('/assets/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
    }),
  });

  const allowedOrigins = new Set([config.publicOrigin, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`]);
  // Callback style (no promise per request); answering 403 ends the request without calling done.
  app.addHook('onRequest', (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    const origin = request.headers.origin;
    // Browsers send Origin on every cross-site state-changing request; a request without one
    // comes from a non-browser client and carries no ambient-credential risk of its own.
    if (origin === undefined) return done();
    if (allowedOrigins.has(origin)) return done();
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return done();
    reply.status(403).send(errorBody('ORIGIN_FORBIDDEN'));
  });
}

function isApiPath(url: string): boolean {
  return url.startsWith('/rest/') || url.startsWith('/api/') || url === '/healthz' || url === '/readyz';
}

/**
 * Security headers of JSON API answers (OWASP REST Security Cheat Sheet, "Security headers"): no
 * content of its own may load or be framed, no MIME sniffing, no cross-origin embedding, no referrer;
 * HSTS on https origins. `cache-control` is set per route.
 */
export function apiHeaders(secure: boolean): Array<[string, string]> {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...(secure ? ([['strict-transport-security', 'max-age=31536000; includeSubDomains']] as Array<[string, string]>) : []),
  ];
}

/** The headers helmet sets for these options (it sets the same ones on every response). */
export function helmetHeaders(options: Readonly<HelmetOptions>): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let finished = false;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    finished = true;
    failure = error;
  });
  // Helmet's middlewares are synchronous; one that was not would leave headers out: fail at boot.
  if (!finished) throw new Error('helmet did not finish synchronously');
  if (failure) throw failure;
  return [...headers];
}
