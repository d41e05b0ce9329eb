import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouterFastify } from '@mcansh/remix-fastify/react-router';
import type { FastifyInstance } from 'fastify';
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
    mode,
    getLoadContext: (request) => ({ requestId: request.id, deps: app.deps }),
    ...(mode === 'development'
      ? { viteOptions: { root: webRoot, configFile: path.join(webRoot, 'vite.config.ts') } }
      : {}),
  });
  app.setNotFoundHandler(async (request, reply) =>
    reply.status(404).send(errorBody('ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
