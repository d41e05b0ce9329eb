import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import { themeVisual } from '../features/themes/themes';
import type { LocaleData, RootData } from './root-data';

type MetaMatch = { id?: string; data?: unknown; loaderData?: unknown } | undefined;

/**
 * Looks a dotted key up in the loaders' dictionary slices (meta functions cannot use hooks): the
 * document's (root) and, after a client navigation, the target page's (language route).
 */
export function metaTitle(matches: readonly unknown[], key: string): ({ title: string } | { name: string; content: string })[] {
  const rootMatch = (matches as MetaMatch[]).find((m) => m?.id === 'root');
  const root = (rootMatch?.loaderData ?? rootMatch?.data) as RootData | undefined;
  const localeMatch = (matches as MetaMatch[]).find((m) => m?.id === 'routes/locale');
  const page = (localeMatch?.loaderData ?? localeMatch?.data) as LocaleData | null | undefined;
  const brand = root ? themeVisual(root.theme).brand : 'Sweepstack';
  const find = (dictionary: TranslationDictionary | undefined, path: string): string | undefined => {
    let node: string | TranslationDictionary | undefined = dictionary;
    for (const part of path.split('.')) node = typeof node === 'object' && !Array.isArray(node) ? (node[part] as string | TranslationDictionary | undefined) : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const lookup = (path: string): string | undefined => (find(page?.translations, path) ?? find(root?.translations, path))?.replaceAll('{{brand}}', brand);
  const title = lookup(key);
  return [{ title: title ? `${title} | ${brand}` : brand }, { name: 'description', content: lookup('meta.description') ?? brand }];
}
