import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config';
import { errorBody } from './errors';
import { MemoryWindowCounter, RedisWindowCounter, registerGlobalRateLimit } from './global-rate-limit';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * C0 control characters but tab, line feed and carriage return, and DEL. No text we keep holds them,
 * PostgreSQL refuses NUL in text outright (a 500 where SQLite stored it), and terminals and log
 * viewers act on the others.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// The same set, to replace every one in a key that is reported.
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/**
 * Helmet with a real Content-Security-Policy, per-IP rate limits (in Redis when configured, so that
 * every node shares one count), the Origin check on state-changing calls, and the one check that no
 * string of a request (body, query, path parameters) holds a control character.
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
  const allowedOrigins = siteOrigins(config);
  // One hook for the headers and the Origin check (callback style, no promise per request), placed
  // before the rate limit: a refused cross-site call is not counted against the caller's address.
  // Answering 403 ends the request without calling done.
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isApiPath(request.url) ? apiSecurityHeaders : securityHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (!STATE_CHANGING.has(request.method)) return done();
    const origin = request.headers.origin;
    // Browsers send Origin on every cross-site state-changing request; a request without one
    // comes from a non-browser client and carries no ambient-credential risk of its own.
    if (origin === undefined) return done();
    // Compared with the configured origin only, never with the request's own Host header: whoever
    // controls a name pointing at this server (DNS rebinding, a proxy passing Host through) controls Host.
    if (allowedOrigins.has(origin)) return done();
    reply.status(403).send(errorBody('ORIGIN_FORBIDDEN'));
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

  // The site-wide limit per address: our own callback-style hook (global-rate-limit.ts). The plugin
  // serves the routes with a limit of their own (`config.rateLimit`), counted on top of it.
  const allowed = (url: string) => url === '/healthz' || url === '/readyz' || url.startsWith('/assets/');
  registerGlobalRateLimit(app, {
    max: config.RATE_LIMIT_MAX,
    windowMs: 60_000,
    counter: redis ? new RedisWindowCounter(redis, 'sweepstack-rl:') : new MemoryWindowCounter(),
    allowed,
  });
  await app.register(rateLimit, {
    global: false,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'sweepstack-rl:' } : {}),
    // The limit, remaining and reset headers go on the 429 answer (with retry-after) only: every
    // other answer would carry three headers no client of ours reads.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    allowList: (request) => allowed(request.url),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
    }),
  });

  // Before schema validation, on every route: one place, the same on both dialects.
  app.addHook('preValidation', (request, reply, done) => {
    const field =
      findControlCharacter(request.params, 'params') ?? findControlCharacter(request.query, 'querystring') ?? findControlCharacter(request.body, '');
    if (field === undefined) return done();
    reply.status(400).send(errorBody('VALIDATION_FAILED', undefined, { [field]: 'Control characters are not allowed' }));
  });
}

/**
 * The first place in a parsed request value (JSON body, query, path parameters) holding a control
 * character, as a field path (`data.reference`), or undefined. Iterative: a body may nest deeper
 * than the call stack.
 */
export function findControlCharacter(root: unknown, rootPath: string): string | undefined {
  // The common shapes first, without a stack: no body (GET), a scalar, a flat string.
  if (root === undefined || root === null || typeof root === 'number' || typeof root === 'boolean') return undefined;
  if (typeof root === 'string') return CONTROL_CHARACTER.test(root) ? pathOf({ value: root, key: rootPath, parent: undefined }) : undefined;
  const stack: Entry[] = [{ value: root, key: rootPath, parent: undefined }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const value = entry.value;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTER.test(value)) return pathOf(entry);
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], key: String(i), parent: entry });
    } else if (typeof value === 'object' && value !== null) {
      // Text only: a stream (the SSR handler's raw body) or a buffer (a raw body) is not walked.
      if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') continue;
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
        if (CONTROL_CHARACTER.test(key)) return pathOf(entry, key.replace(CONTROL_CHARACTERS, '?'));
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return undefined;
}

/** A value met while walking a request; it keeps its parent instead of a path string (built only for a hit). */
interface Entry {
  value: unknown;
  key: string;
  parent: Entry | undefined;
}

function pathOf(entry: Entry | undefined, last?: string): string {
  const keys = last === undefined ? [] : [last];
  for (let at = entry; at; at = at.parent) keys.push(at.key);
  return keys.reverse().filter((k) => k !== '').join('.') || '_';
}

/**
 * The origins state-changing calls may come from: PUBLIC_URL's when it is set; without it (a
 * machine of one's own) http://localhost:PORT and http://127.0.0.1:PORT.
 */
export function siteOrigins(config: Pick<ServerConfig, 'PUBLIC_URL' | 'PORT' | 'publicOrigin'>): Set<string> {
  if (config.PUBLIC_URL) return new Set([config.publicOrigin]);
  return new Set([config.publicOrigin, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`]);
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
