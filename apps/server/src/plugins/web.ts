import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reactRouterFastify } from '@mcansh/remix-fastify/react-router';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { contentCache } from '../lib/content-cache';
import { errorBody } from './errors';
import { GuestPageCache } from './guest-page-cache';
import { neutralRenderSendsSession, PlayerPageCache, type PlayerPageWeb } from './player-page-cache';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
export const webBuildDir = path.join(webRoot, 'build');

/**
 * Serves the player site from this process: the React Router SSR handler for every non-API path,
 * from the production build, or through Vite middleware in development.
 */
export async function registerWeb(app: FastifyInstance, mode: 'production' | 'development'): Promise<void> {
  if (mode === 'production' && !existsSync(path.join(webBuildDir, 'server', 'index.js'))) {
    throw new Error('The web build is missing: run `npm run build` (npm start does it for you).');
  }
  // Guest pages from a short-lived cache (docs/page-serving.md); in production only, where pages are built.
  const ttlMs = app.deps.config.GUEST_PAGE_CACHE_TTL_MS;
  const pageCache = mode === 'production' && ttlMs > 0 ? new GuestPageCache(app.deps, ttlMs) : null;
  app.decorateRequest('guestPageCache', null);
  // The signed-in lobby from a cache of its player-neutral render (the same bounds), with the web build's helpers.
  const playerTtlMs = app.deps.config.PLAYER_PAGE_CACHE_TTL_MS;
  const playerCache = mode === 'production' && playerTtlMs > 0 ? new PlayerPageCache(app, webHelpers(), playerTtlMs) : null;
  app.decorateRequest('playerPageCache', null);
  // A missing hashed asset must not render the HTML 404 page: answer it directly.
  app.get('/assets/*', async (_request, reply) => reply.status(404).type('text/plain').send('Not found'));
  await app.register(reactRouterFastify, {
    buildDirectory: webBuildDir,
    // The web build writes .br and .gz siblings of its assets; send those when the browser accepts them.
    fastifyStaticOptions: { preCompressed: true },
    mode,
    getLoadContext: (request) => createLoadContext(app, request as unknown as FastifyRequest),
    // Runs before the SSR handler, on page requests only (not on assets or the API).
    childServerOptions: {
      onRequest: [
        (request, reply, done) => guardPageRequest(request as unknown as FastifyRequest, reply as unknown as FastifyReply, done),
        ...(pageCache ? [async (request: unknown, reply: unknown) => pageCache.onRequest(request as FastifyRequest, reply as FastifyReply)] : []),
        ...(playerCache ? [async (request: unknown, reply: unknown) => playerCache.onRequest(request as FastifyRequest, reply as FastifyReply)] : []),
      ],
      onSend: [
        ...(pageCache ? [async (request: unknown, reply: unknown, payload: unknown) => pageCache.onSend(request as FastifyRequest, reply as FastifyReply, payload)] : []),
        ...(playerCache ? [async (request: unknown, reply: unknown, payload: unknown) => playerCache.onSend(request as FastifyRequest, reply as FastifyReply, payload)] : []),
      ],
    },
    ...(mode === 'development'
      ? { viteOptions: { root: webRoot, configFile: path.join(webRoot, 'vite.config.ts') } }
      : {}),
  });
  app.setNotFoundHandler(async (request, reply) =>
    reply.status(404).send(errorBody('ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)),
  );
}

/** The web build's helpers for the player page cache (its server entry's exports), loaded once. */
function webHelpers(): () => Promise<PlayerPageWeb | null> {
  let loaded: Promise<PlayerPageWeb | null> | undefined;
  return () =>
    (loaded ??= import(pathToFileURL(path.join(webBuildDir, 'server', 'index.js')).href).then(
      (build: { entry?: { module?: Partial<PlayerPageWeb> } }) => {
        const entry = build.entry?.module;
        return entry?.playerPageParts && entry.playerDataScript ? (entry as PlayerPageWeb) : null;
      },
      () => null,
    ));
}

/**
 * Page paths longer or deeper than this are answered 404 before React Router sees them. Our deepest
 * page is 4 segments (/es/account/responsible-play); React Router's matching costs grow with the
 * square of the segment count (2–3 s of CPU for 4,000 segments), so the bound is what keeps every
 * page request within a few milliseconds of CPU whatever its URL (docs/security.md).
 */
export const MAX_PAGE_PATH_LENGTH = 512;
export const MAX_PAGE_PATH_SEGMENTS = 12;
/** Methods a page answers (GET and HEAD render; the others reach route actions). */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** A Host header: a DNS name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/**
 * Refuses, with a clear 4xx, the page requests the SSR handler cannot turn into a Web Request
 * (which would throw and answer 500): methods fetch forbids (TRACE, CONNECT, TRACK) and other
 * unknown ones, an invalid Host, an absolute-form request target; and page paths beyond the bounds.
 */
export function guardPageRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!PAGE_METHODS.has(request.method)) {
    void reply.status(405).header('allow', [...PAGE_METHODS].join(', ')).send(errorBody('METHOD_NOT_ALLOWED'));
    return;
  }
  const url = request.url;
  const host = HOST_PATTERN.exec(request.host);
  if (!url.startsWith('/') || !host || Number(host[1] ?? 0) > 65535) {
    void reply.status(400).send(errorBody('MALFORMED_REQUEST'));
    return;
  }
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  if (pathname.length > MAX_PAGE_PATH_LENGTH || countSegments(pathname) > MAX_PAGE_PATH_SEGMENTS) {
    void reply.status(404).send(errorBody('NOT_FOUND'));
    return;
  }
  done();
}

function countSegments(pathname: string): number {
  let segments = 0;
  for (let i = 0; i < pathname.length; i++) if (pathname.charCodeAt(i) === 47 /* / */) segments++;
  return segments;
}

/** What the web app's loaders and actions receive as `context` during SSR. */
// A type alias (not an interface) so that it fits React Router's AppLoadContext index signature.
export type WebLoadContext = {
  requestId: string;
  theme: string;
  publicOrigin: string;
  /**
   * Calls this server's own REST API in-process (no network hop), as the visitor: their cookies
   * and headers are forwarded. Answers a Web Response, like fetch.
   */
  api(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response>;
  /**
   * A token that stays the same object while the operator's content is unchanged on this server (the
   * content cache's snapshot, checked every CONTENT_CHECK_INTERVAL_MS). The answers that depend on the
   * content and the server's settings alone (translations, static info, route rules, the build id)
   * are kept by the loaders under it and asked again only when it changes (docs/page-serving.md).
   */
  contentVersion(): Promise<object>;
  /** The player fields of the lobby's neutral render (player-page-cache.ts): set only then. */
  neutralPlayer?: object;
}

function createLoadContext(app: FastifyInstance, request: FastifyRequest): WebLoadContext {
  const neutral = request.playerPageCache;
  return {
    ...(neutral ? { neutralPlayer: neutral.neutral } : {}),
    requestId: request.id,
    theme: app.deps.config.THEME,
    publicOrigin: app.deps.config.publicOrigin,
    contentVersion: () => contentCache(app.deps).get(),
    api: async (apiPath, init = {}) => {
      const forwarded: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key === 'host' || key === 'content-length' || key === 'connection') continue;
        forwarded[key] = Array.isArray(value) ? value.join(', ') : value;
      }
      // A neutral render's request has no session; only its games calls are the player's (player-page-cache.ts).
      if (neutral && neutralRenderSendsSession(apiPath)) forwarded.cookie = neutral.cookie;
      const result = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: apiPath,
        headers: { ...forwarded, ...init.headers },
        ...(init.body !== undefined ? { payload: init.body } : {}),
      });
      const headers = new Headers();
      for (const [key, value] of Object.entries(result.headers)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const v of value) headers.append(key, v);
        else headers.set(key, String(value));
      }
      // A 204 or a 304 (a loader revalidating with its ETag) has no body; a Response refuses one.
      return new Response(result.statusCode === 204 || result.statusCode === 304 ? null : result.rawPayload, { status: result.statusCode, headers });
    },
  };
}
