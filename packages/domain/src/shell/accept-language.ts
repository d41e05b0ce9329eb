/**
 * The primary language tags of an Accept-Language header, best first: q-weights honoured (q=0 and
 * unreadable weights dropped), equal weights kept in header order. `es-MX;q=0.8, en` → `['en', 'es']`.
 */
export function rankedLanguages(acceptLanguage: string | null | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.lang);
}
