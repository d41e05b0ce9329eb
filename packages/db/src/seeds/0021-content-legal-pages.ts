import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { applyContentSet, contentVersion } from '../repositories/content';
import type { Database } from '../schema';
import type { SeedOptions } from '../seed';
import { CONTENT_DIR, fail, readContentText } from './content-files';

/**
 * Legal pages of the footer from content/legal-pages/{locale}/{name}.md: the first line `# Title`
 * is the title, the rest the Markdown body. One content set (`legal-pages`) for all files.
 */
export async function seed(db: Kysely<Database>, _options?: SeedOptions, contentDir: string = CONTENT_DIR): Promise<string> {
  const root = path.join(contentDir, 'legal-pages');
  if (!existsSync(root)) return 'missing';
  const pages: Array<{ name: string; locale: string; title: string; body: string }> = [];
  const sources: string[] = [];
  for (const locale of readdirSync(root).filter((d) => /^[a-z]{2}$/.test(d)).sort()) {
    for (const file of readdirSync(path.join(root, locale)).filter((f) => f.endsWith('.md')).sort()) {
      const relative = `legal-pages/${locale}/${file}`;
      const name = file.slice(0, -3);
      if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(name)) fail(relative, 'file name must be a lower-case slug');
      const text = readContentText(contentDir, relative) ?? '';
      const match = /^# (.+)\r?\n([\s\S]*)$/.exec(text);
      if (!match?.[1]) fail(relative, 'must start with a "# Title" line');
      pages.push({ name, locale, title: match[1].trim(), body: (match[2] ?? '').trim() });
      sources.push(relative, text);
    }
  }
  const now = Date.now();
  return applyContentSet(db, 'legal-pages', contentVersion(...sources), now, async (trx) => {
    await trx.deleteFrom('legal_pages').execute();
    if (pages.length > 0) await trx.insertInto('legal_pages').values(pages.map((p) => ({ ...p, updated_at_ms: now }))).execute();
  });
}
