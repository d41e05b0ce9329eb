/** Rows per slide of a lobby game row (spec §9): keyed by the scheme section key. */
const ROWS: Record<string, number> = {
  allGames: 3,
  popularGames: 3,
  weeklySpecials: 1,
  fishing: 1,
  rapidLink: 1,
  topGames: 1,
  bonusCombo: 1,
};

export const DEFAULT_ROWS_PER_SLIDE = 2;

/** How many rows of tiles one slide of the section shows: 3, 1 or the default 2. */
export function rowsPerSlide(sectionKey: string): number {
  return ROWS[sectionKey] ?? DEFAULT_ROWS_PER_SLIDE;
}

/**
 * Splits ids into slides of `rows` × `columns` tiles, column-major inside a slide (the first
 * column holds the first `rows` games), as a horizontally scrolled carousel shows them.
 */
export function toSlides<T>(items: readonly T[], rows: number, columns: number): T[][] {
  const perSlide = Math.max(1, rows) * Math.max(1, columns);
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += perSlide) slides.push(items.slice(i, i + perSlide));
  return slides;
}

/** A lobby row shows at most this many games (a long list continues on its own page: "See all"). */
export const ROW_LIMIT = 24;
