// Serves the minimal React Router app (bench/lib/minimal-page) with Fastify and @mcansh/remix-fastify,
// the way apps/server serves the player site, on PORT. The baseline of bench/page-serving.bench.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouterFastify } from '@mcansh/remix-fastify/react-router';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(reactRouterFastify, { buildDirectory: path.join(path.dirname(fileURLToPath(import.meta.url)), 'build'), mode: 'production' });
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
