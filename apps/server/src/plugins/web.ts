import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouterFastify } from '@mcansh/remix-fastify/react-router';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

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
  // A missing hashed asset must not render the HTML 404 page: answer it directly.
  app.get('/assets/*', async (_request, reply) => reply.status(404).type('text/plain').send('Not found'));
  await app.register(reactRouterFastify, {
    buildDirectory: webBuildDir,
    // The web build writes .br and .gz siblings of its assets; send those when the browser accepts them.
    fastifyStaticOptions: { preCompressed: true },
    mode,
    getLoadContext: (request) => createLoadContext(app, request as unknown as FastifyRequest),
    ...(mode === 'development'
      ? { viteOptions: { root: webRoot, configFile: path.join(webRoot, 'vite.config.ts') } }
      : {}),
  });
  app.setNotFoundHandler(async (request, reply) =>
    reply.status(404).send(errorBody('ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)),
  );
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
}

function createLoadContext(app: FastifyInstance, request: FastifyRequest): WebLoadContext {
  return {
    requestId: request.id,
    theme: app.deps.config.THEME,
    publicOrigin: app.deps.config.publicOrigin,
    api: async (apiPath, init = {}) => {
      const forwarded: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key === 'host' || key === 'content-length' || key === 'connection') continue;
        forwarded[key] = Array.isArray(value) ? value.join(', ') : value;
      }
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
      return new Response(result.statusCode === 204 ? null : result.rawPayload, { status: result.statusCode, headers });
    },
  };
}
