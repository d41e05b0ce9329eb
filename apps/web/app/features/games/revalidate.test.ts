import { describe, expect, it } from 'vitest';
import { revalidateUnlessGameQuery } from './revalidate';

const args = (from: string, to: string) => ({ currentUrl: new URL(from, 'http://x'), nextUrl: new URL(to, 'http://x'), defaultShouldRevalidate: true });

describe('revalidateUnlessGameQuery', () => {
  it('keeps the data when only the game modal query changes', () => {
    expect(revalidateUnlessGameQuery(args('/lobby/', '/lobby/?game=reef-raiders'))).toBe(false);
    expect(revalidateUnlessGameQuery(args('/library?category=all&game=x&isMoney=true', '/library?category=all'))).toBe(false);
  });
  it('reloads for other changes and for explicit revalidation', () => {
    expect(revalidateUnlessGameQuery(args('/library?category=all', '/library?category=hot-games'))).toBe(true);
    expect(revalidateUnlessGameQuery(args('/lobby/', '/lobby/'))).toBe(true);
  });
});
