import { ZLegalPageParams, ZLegalPageQuery, ZLegalPageResponse } from '@sweepstack/contracts/app/legal-page';
import { AppError } from '@sweepstack/contracts/errors';
import { findLegalPage } from '@sweepstack/db/repositories/content';
import { parseLegalBlocks } from '@sweepstack/domain/shell/legal-blocks';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const PLACEHOLDER = /\{\{([a-zA-Z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)\}\}/g;

/**
 * Fills `{{feature.key}}` placeholders of a page with the figures features state from their operator
 * data (`legalValues` of feature.ts), so the rules quote what is in force; only when the page has any.
 * An unknown placeholder stays as written (a content test catches it).
 */
async function withLegalValues(app: FastifyInstance, body: string, locale: 'en' | 'es'): Promise<string> {
  if (!body.includes('{{')) return body;
  const values: Record<string, string> = {};
  for (const feature of app.features.list) if (feature.legalValues) Object.assign(values, await feature.legalValues({ db: app.deps.database.db, locale }));
  return body.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);
}

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
      const pageLocale = page.locale === 'es' ? ('es' as const) : ('en' as const);
      const body = await withLegalValues(fastify, page.body, pageLocale);
      reply.header('cache-control', 'public, max-age=60');
      return {
        success: true as const,
        data: {
          name: page.name,
          locale: pageLocale,
          title: page.title,
          body,
          blocks: parseLegalBlocks(body),
          updatedAt: page.updated_at_ms,
        },
      };
    },
  );
};

export default legalPagesRoutes;
