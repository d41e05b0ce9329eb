import { ZLegalPageParams, ZLegalPageQuery, ZLegalPageResponse } from '@sweepstack/contracts/app/legal-page';
import { AppError } from '@sweepstack/contracts/errors';
import { findLegalPage } from '@sweepstack/db/repositories/content';
import { parseLegalBlocks } from '@sweepstack/domain/shell/legal-blocks';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** GET /rest/page/legal/{name}/: a legal page of the footer menu (terms, privacy, FAQ…). */
const legalPagesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = fastify.deps;

  app.get(
    '/rest/page/legal/:name/',
    {
      schema: {
        tags: ['app'],
        summary: 'A legal page (Markdown and safe blocks) in en or es; es falls back to en',
        params: ZLegalPageParams,
        querystring: ZLegalPageQuery,
        response: { 200: ZLegalPageResponse },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const locale = request.query.locale ?? 'en';
      if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(name)) throw new AppError('NOT_FOUND', { message: 'No such page.' });
      const page = (await findLegalPage(database.db, name, locale)) ?? (locale !== 'en' ? await findLegalPage(database.db, name, 'en') : undefined);
      if (!page) throw new AppError('NOT_FOUND', { message: 'No such page.' });
      reply.header('cache-control', 'public, max-age=60');
      return {
        success: true as const,
        data: {
          name: page.name,
          locale: page.locale === 'es' ? ('es' as const) : ('en' as const),
          title: page.title,
          body: page.body,
          blocks: parseLegalBlocks(page.body),
          updatedAt: page.updated_at_ms,
        },
      };
    },
  );
};

export default legalPagesRoutes;
