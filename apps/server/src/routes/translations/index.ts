import { ZTranslationsParams } from '@sweepstack/contracts/app/translations';
import { LOCALES } from '@sweepstack/contracts/app/static-info';
import { AppError } from '@sweepstack/contracts/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentCache } from '../../lib/content-cache';
import { sendJsonText } from '../../lib/json-text';

/** GET /api/rest/translations/{locale}: the message dictionary of en or es, from the database. */
const translationsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = contentCache(fastify.deps);
  const locales = new Set<string>(LOCALES);

  app.get(
    '/api/rest/translations/:locale',
    {
      schema: {
        tags: ['app'],
        summary: 'Message dictionary of one locale (en, es)',
        params: ZTranslationsParams,
        querystring: z.strictObject({}),
        // Documented loosely: the recursive ZTranslationsResponse has no OpenAPI form (it is checked in the tests).
        response: { 200: z.record(z.string(), z.unknown()).describe('Nested dictionary: key → message, nested dictionary or list of messages') },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const translations = locales.has(locale) ? await cache.translations(locale) : undefined;
      // An unknown locale and a locale with no messages are the same failure for the client.
      if (!translations) throw new AppError('TRANSLATIONS_NOT_AVAILABLE');
      return sendJsonText(request, reply, translations, 'public, max-age=300');
    },
  );
};

export default translationsRoutes;
