import { createReadStream } from 'node:fs';
import path from 'node:path';
import { IMAGE_DEFAULT_QUALITY, ZImageQuery } from '@sweepstack/contracts/app/image';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { etagMatches } from '../../lib/json-text';
import { DEFAULT_PUBLIC_DIR, resizedImage } from '../../lib/image-resize';

/**
 * GET /img/?src=/images/…&w=768&dpr=2&q=75: a public image resized to w×dpr pixels wide, as WebP,
 * cached on disk and served as immutable (change the file name to change an image).
 */
const imageRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = fastify.deps;
  const publicDir = config.WEB_PUBLIC_DIR ? path.resolve(config.WEB_PUBLIC_DIR) : DEFAULT_PUBLIC_DIR;
  const cacheDir = path.join(config.dataDir, 'image-cache');

  app.get(
    '/img/',
    {
      schema: {
        tags: ['app'],
        summary: 'Resized WebP rendition of a public image (widths 320-1536, density 1 or 2, quality 1-100)',
        querystring: ZImageQuery,
      },
    },
    async (request, reply) => {
      const { src, w, dpr = 1, q = IMAGE_DEFAULT_QUALITY } = request.query;
      const image = await resizedImage({ publicDir, cacheDir, src, widthPx: w * dpr, quality: q });
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', image.etag)
        .header('x-image-cache', image.cacheHit ? 'hit' : 'miss');
      if (etagMatches(request, image.etag)) return reply.status(304).send();
      return reply.type('image/webp').send(createReadStream(image.file));
    },
  );
};

export default imageRoutes;
