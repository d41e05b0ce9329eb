import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, signUp, uniqueEmail } from './helpers';

const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('a player opens a game from the lobby, spins ten times with the header balance following, and verifies a round on /fairness', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('games'));
  const header = page.getByTestId('balance-gold');
  const start = digits(await header.innerText());
  expect(start).toBeGreaterThan(0);

  // Rows per slide (spec §9) are rendered on the server.
  await expect(page.getByTestId('game-row-popularGames')).toHaveAttribute('data-rows', '3');
  await expect(page.getByTestId('game-row-fishing')).toHaveAttribute('data-rows', '1');
  await expect(page.getByTestId('game-row-hotGames')).toHaveAttribute('data-rows', '2');

  await page.getByTestId('game-row-popularGames').getByTestId('game-tile').first().getByRole('link').click();
  await expect(page).toHaveURL(/[?&]game=/);
  const client = page.frameLocator('[data-testid="game-frame"]');
  const root = client.getByTestId('game-client');
  await expect(root).toBeVisible({ timeout: 20_000 });
  await client.getByRole('button', { name: 'Turbo' }).click();

  // Each click must complete a round: the client counts them (a turbo round against a fast server can
  // be busy for less time than a check of the busy flag takes to see it).
  for (let i = 0; i < 10; i += 1) {
    await expect(root).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
    const before = Number(await root.getAttribute('data-spins'));
    await client.getByTestId('spin').click();
    await expect.poll(async () => Number(await root.getAttribute('data-spins')), { timeout: 30_000 }).toBeGreaterThan(before);
  }
  await expect(root).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
  const clientBalance = digits(await client.getByTestId('client-balance').innerText());
  expect(clientBalance).not.toBe(start);
  // The header follows the game (postMessage from the game client, then the balance push).
  await expect.poll(async () => digits(await header.innerText()), { timeout: 10_000 }).toBe(clientBalance);

  await client.getByTestId('history').click();
  const rows = client.getByTestId('history-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  const roundId = await rows.nth(3).getAttribute('data-round');

  await rows.nth(3).getByRole('link', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`/fairness\\?round=${roundId}$`));
  // The seed is still in use: reveal it (rotation), then the browser replays the round.
  await page.getByTestId('reveal-and-verify').click();
  const result = page.getByTestId('verify-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(result).toHaveAttribute('data-ok', 'true');
});

test('a guest who clicks a game lands on sign-up', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await page.getByTestId('game-row-popularGames').getByTestId('game-tile').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/signup\/\?game=/);
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('library and issues pages list games; the favorites toggle adds and removes a game', async ({ page }) => {
  await signUp(page, uniqueEmail('favorites'));
  await page.goto('/library?category=all');
  await expect(page.getByTestId('game-grid')).toBeVisible();
  const count = Number(await page.getByTestId('game-grid').getAttribute('data-count'));
  expect(count).toBeGreaterThan(10);
  const first = page.getByTestId('game-grid').getByTestId('game-tile').first();
  const slug = await first.getAttribute('data-game');
  await first.getByTestId('favorite-toggle').click();
  await expect(first.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/issues/favorites');
  await expect(page.locator(`[data-testid="game-tile"][data-game="${slug}"]`)).toBeVisible();
  await page.locator(`[data-testid="game-tile"][data-game="${slug}"]`).getByTestId('favorite-toggle').click();
  // Removed from favorites: it leaves the favorites page.
  await expect(page.locator(`[data-testid="game-tile"][data-game="${slug}"]`)).toHaveCount(0);
  await page.goto('/issues/popular-games');
  await expect(page.getByTestId('game-grid').getByTestId('game-tile').first()).toBeVisible();
  await page.goto('/library?category=providers');
  await expect(page.getByTestId('providers').getByRole('link')).toHaveCount(5);
});

test('axe: lobby, library, providers, fairness and the game client in two themes and two sizes', async ({ page }) => {
  // The lobby (every row's tiles mount after hydration, docs/lobby-and-themes.md: one run checks about
  // a hundred tiles) in both themes and sizes; the other pages and the game client once per theme, each
  // theme at the other size (their layout changes with the width, their markup does not): 10 axe runs.
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('games-axe'));
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 800 };
  for (const [theme, otherPagesSize] of [['nlc', phone], ['stormrush', desktop]] as const) {
    for (const size of [phone, desktop]) {
      await page.setViewportSize(size);
      await page.goto(`/lobby/?theme=${theme}`);
      expect(await seriousViolations(page), `${theme} ${size.width} /lobby/`).toEqual([]);
    }
    await page.setViewportSize(otherPagesSize);
    for (const path of ['/library?category=all', '/library?category=providers', '/fairness']) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}theme=${theme}`);
      expect(await seriousViolations(page), `${theme} ${otherPagesSize.width} ${path}`).toEqual([]);
    }
    await page.goto(`/lobby/?theme=${theme}&game=reef-raiders`);
    await expect(page.frameLocator('[data-testid="game-frame"]').getByTestId('spin')).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page), `${theme} ${otherPagesSize.width} game`).toEqual([]);
  }
});
