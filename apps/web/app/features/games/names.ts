/**
 * A game's title or a studio's name in the page's language: the operator's Spanish name on Spanish
 * pages (the catalogue's `titleEs`, content/games/titles-es.json), else the English one.
 */
export function localTitle(item: { title: string; titleEs?: string | null }, locale: string): string {
  return (locale === 'es' && item.titleEs) || item.title;
}
