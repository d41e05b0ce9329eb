import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import { themeVisual } from '../features/themes/themes';
import type { RootData } from './root-data';

type MetaMatch = { id?: string; data?: unknown; loaderData?: unknown } | undefined;

/** Looks a dotted key up in the root loader's dictionary (meta functions cannot use hooks). */
export function metaTitle(matches: readonly unknown[], key: string): ({ title: string } | { name: string; content: string })[] {
  const rootMatch = (matches as MetaMatch[]).find((m) => m?.id === 'root');
  const root = (rootMatch?.loaderData ?? rootMatch?.data) as RootData | undefined;
  const brand = root ? themeVisual(root.theme).brand : 'Sweepstack';
  const lookup = (path: string): string | undefined => {
    let node: string | TranslationDictionary | undefined = root?.translations;
    for (const part of path.split('.')) node = typeof node === 'object' && !Array.isArray(node) ? (node[part] as string | TranslationDictionary | undefined) : undefined;
    return typeof node === 'string' ? node.replaceAll('{{brand}}', brand) : undefined;
  };
  const title = lookup(key);
  return [{ title: title ? `${title} | ${brand}` : brand }, { name: 'description', content: lookup('meta.description') ?? brand }];
}
