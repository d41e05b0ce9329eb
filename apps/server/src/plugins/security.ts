import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config';
import { errorBody } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Helmet with a real Content-Security-Policy, per-IP rate limits (in Redis when configured, so that
 * every node shares one count) and the Origin check on state-changing calls.
 */
export async function registerSecurity(app: FastifyInstance, config: ServerConfig, redis: Redis | undefined): Promise<void> {
  await app.register(helmet, {
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

  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'sweepstack-rl:' } : {}),
    allowList: (request) => request.url === '/healthz' || request.url === '/readyz' || request.url.startsWith('/assets/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
    }),
  });

  const allowedOrigins = new Set([config.publicOrigin, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`]);
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    // Browsers send Origin on every cross-site state-changing request; a request without one
    // comes from a non-browser client and carries no ambient-credential risk of its own.
    if (origin === undefined) return;
    if (allowedOrigins.has(origin)) return;
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    return reply.status(403).send(errorBody('ORIGIN_FORBIDDEN'));
  });
}
