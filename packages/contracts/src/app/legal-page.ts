import { z } from 'zod';
import { ZLocale } from './static-info';

/**
 * GET /rest/page/legal/{name}/?locale=en|es — a legal page of the footer menu, for the /page/{name}
 * route (shape ours). `body` is the operator's Markdown source; `blocks` is the same text parsed
 * into a small safe structure (headings, paragraphs, lists) that the web renders without HTML.
 */
export const ZLegalPageParams = z.object({ name: z.string().max(80) });
export const ZLegalPageQuery = z.strictObject({ locale: ZLocale.optional() });

export const ZLegalBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
]);
export type LegalBlock = z.infer<typeof ZLegalBlock>;

export const ZLegalPage = z.object({
  name: z.string(),
  locale: ZLocale,
  title: z.string(),
  body: z.string(),
  blocks: z.array(ZLegalBlock),
  updatedAt: z.number().int(),
});
export type LegalPage = z.infer<typeof ZLegalPage>;

export const ZLegalPageResponse = z.object({ success: z.literal(true), data: ZLegalPage });
export type LegalPageResponse = z.infer<typeof ZLegalPageResponse>;
