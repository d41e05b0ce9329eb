import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

// The e2e server runs THEME=nlc (playwright.config.ts), a theme with the user-cache flag (spec §1):
// the SSR loaders read the games cache keyed by the player's playerRestrictionIdsHash, fall back to
// the filter endpoint and post the fresh games back. The theme is fixed per run; themes without the
// flag are covered by apps/server/src/routes/games/web-games-cache.integration.test.ts.
test('a player\'s lobby fills the games cache of their restriction hash, and pages keep working from it', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('games-cache'));
  await expect(page.getByTestId('game-row-popularGames').getByTestId('game-tile').first()).toBeVisible();

  const hash = await page.evaluate(async () => ((await (await fetch('/rest/app/init/', { credentials: 'include' })).json()) as { data: { playerRestrictionIdsHash: string } }).data.playerRestrictionIdsHash);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const readCache = () =>
    page.evaluate(async (groupKey) => {
      const response = await fetch(`/api/rest/games/get-cached-games?groupKey=${groupKey}`, { credentials: 'include' });
      const body = (await response.json()) as { data?: { games: Record<string, { id: number }>; favorites?: unknown } };
      return { status: response.status, games: body.data ? Object.keys(body.data.games).length : 0, hasFavorites: body.data ? 'favorites' in body.data : false };
    }, hash);
  await expect.poll(async () => (await readCache()).status, { timeout: 10_000 }).toBe(200);
  const cached = await readCache();
  expect(cached.games).toBeGreaterThan(10);
  expect(cached.hasFavorites).toBe(false);

  // Served from the cache now: the library lists every game, and favorites come from app init.
  await page.goto('/library?category=all');
  expect(Number(await page.getByTestId('game-grid').getAttribute('data-count'))).toBe(cached.games);
  const first = page.getByTestId('game-grid').getByTestId('game-tile').first();
  const slug = await first.getAttribute('data-game');
  await first.getByTestId('favorite-toggle').click();
  await expect(first.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/issues/favorites');
  await expect(page.locator(`[data-testid="game-tile"][data-game="${slug}"]`)).toBeVisible();
});
