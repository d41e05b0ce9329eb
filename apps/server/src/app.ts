import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { loadContractDeclarations } from '@sweepstack/contracts/declarations';
import { checkEventPayload } from '@sweepstack/contracts/events';
import { openDatabase, type DatabaseHandle } from '@sweepstack/db/connection';
import { checkEventsWith } from '@sweepstack/db/repositories/domain-events';
import { systemClock, type Clock } from '@sweepstack/domain/shared/clock';
import type { Rng } from '@sweepstack/domain/shared/rng';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppDeps } from './app-context';
import { loadConfig, type ServerConfig } from './config';
import { registerJobs } from './jobs/plugin';
import { cryptoRng } from './lib/crypto-rng';
import { errorBody, registerErrorHandler } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import { loadFeatures } from './platform/load-features';
import { registerRealtime } from './realtime/plugin';

export interface BuildOptions {
  config?: ServerConfig;
  /** An already open database (tests pass theirs); otherwise DATABASE_URL is opened. */
  database?: DatabaseHandle;
  clock?: Clock;
  /** Chance for features and handlers (default node:crypto; tests pass a seeded one). */
  rng?: Rng;
  /** Serve the web app (SSR) from this process: 'production' build, 'development' Vite, or off. */
  web?: 'production' | 'development' | 'off';
  logger?: boolean;
  /**
   * More folders laid out like the feature folders of each layer (test fixtures): `contracts` like
   * packages/contracts/src, `server` like apps/server/src/features.
   */
  extraFeatureRoots?: { contracts?: readonly string[]; server?: readonly string[] };
  /** False: load none of `features/` (benchmarks of the platform alone); the extra roots still load. */
  builtInFeatures?: boolean;
}

const routesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'routes');

/**
 * Builds the whole server without listening: plugins, every feature under `features/`, every route
 * area under `routes/`, the JSON 404 of the API prefixes and (optionally) the web app. `listen()`
 * lives in main.ts.
 */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  // The event, push and error catalogues hold what every area and feature declares; from here on no
  // event outside the catalogue, or with a payload that fails its schema, can be recorded.
  await loadContractDeclarations(options.extraFeatureRoots?.contracts);
  checkEventsWith(checkEventPayload);
  const database = options.database ?? openDatabase(config.DATABASE_URL);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // A hop count, never `true` (which took the left-most X-Forwarded-For entry, the client's own
    // word). As a function: Fastify refuses a bare number (docs/security.md, Client addresses).
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // What the router itself refuses (a URL it cannot decode, such as `%zz`) answers in our envelope too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).status(400).send(errorBody('MALFORMED_REQUEST'));
    },
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  const deps: AppDeps = { config, database, clock: options.clock ?? systemClock, rng: options.rng ?? cryptoRng, redis };
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Callback style, set on the raw response at the start: every answer carries it, with no promise
  // per request (an async onSend hook cost about 3% of a small API call).
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });

  await app.register(cookie, { secret: config.SESSION_SECRET });
  await registerSecurity(app, config, redis);
  await registerSession(app);
  // Outbox dispatcher and Socket.IO (/socket.io) on the same HTTP server: docs/realtime.md.
  await registerRealtime(app);
  // Durable jobs (docs/jobs.md): route areas and features define their job kinds on app.jobs.
  await registerJobs(app);
  // Before the routes: the document collects every route registered after it, the features' included
  // (the API fuzz test fuzzes every operation of it).
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sweepstack API', version: '2.28.0', description: 'REST API of the Sweepstack player site.' },
      servers: [{ url: config.publicOrigin }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Feature modules (features/<feature>/feature.ts): handlers, routes, operator routes, jobs, app-init slices.
  await loadFeatures(app, options.extraFeatureRoots?.server, { builtIn: options.builtInFeatures ?? true });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ok = await database.ping();
    return reply.status(ok ? 200 : 503).send(ok ? { status: 'ready' } : errorBody('SERVICE_UNAVAILABLE', 'Database not reachable'));
  });

  for (const area of listRouteAreas()) {
    const module = (await import(pathToFileURL(area).href)) as { default: FastifyPluginAsync };
    await app.register(module.default);
  }

  const jsonNotFound = async (request: { method: string; url: string }, reply: FastifyReply) =>
    reply.status(404).send(errorBody('ROUTE_NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`));
  for (const prefix of ['/rest', '/api']) {
    app.all(`${prefix}/*`, { schema: { hide: true } }, jsonNotFound);
  }

  const web = options.web ?? 'off';
  if (web !== 'off') {
    const { registerWeb } = await import('./plugins/web');
    await registerWeb(app, web);
  } else {
    app.setNotFoundHandler(jsonNotFound);
  }

  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
    if (!options.database) await database.close();
  });
  return app;
}

/** Route areas are folders under routes/ with an index.ts exporting a Fastify plugin. */
function listRouteAreas(): string[] {
  if (!existsSync(routesDir)) return [];
  return readdirSync(routesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(routesDir, entry.name, 'index.ts'))
    .filter((file) => existsSync(file))
    .sort();
}
