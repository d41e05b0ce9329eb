import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

// Free spins (docs/rewards.md): a grant shows as a card in the game window of its game; its button
// plays a spin at the grant's bet with nothing taken from the balance, counting down to the card's end.

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };

test.use({ viewport: { width: 390, height: 844 } });

test('a free-spin grant plays from its card in the game window, at no stake, down to zero', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('free-spins'));
  const me = (await (await page.request.get('/rest/app/init/')).json()) as { data: { uuid: string } };
  expect((await request.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const granted = await request.post('/api/operator/rewards/grants/', {
    data: { playerUuid: me.data.uuid, prize: { kind: 'free_spins', gameId: await gameIdOf(page, 'lucky-lantern-classic'), count: 2, betLevel: 1, lifetimeMs: 3_600_000, currency: 'GC' }, reason: 'e2e goodwill', key: `e2e-fs-${Date.now()}` },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  await page.goto('/lobby/?game=lucky-lantern-classic');
  const client = page.frameLocator('[data-testid="game-frame"]');
  await expect(client.getByTestId('game-client')).toHaveAttribute('data-busy', 'false', { timeout: 20_000 });
  const card = client.getByTestId('free-spins-card');
  await expect(card).toContainText('2 free spins');
  const balance = client.getByTestId('client-balance');
  const before = await balance.textContent();

  const answer = page.waitForResponse((r) => r.url().includes('/spin/') && r.request().method() === 'POST');
  await client.getByTestId('free-spin').click();
  const round = ((await (await answer).json()) as { data: { stake: number; win: number; freeSpinsRemain: number } }).data;
  expect(round.stake).toBe(0);
  expect(round.freeSpinsRemain).toBe(1);
  await expect(card).toContainText('1 free spin');
  if (round.win === 0) await expect(balance).toHaveText(before!);
  expect((await new AxeBuilder({ page }).include('[data-testid="game-frame"]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // By keyboard: the card's button is reachable and plays the last spin; the card goes.
  await client.getByTestId('free-spin').focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0, { timeout: 30_000 });
});

async function gameIdOf(page: Page, slug: string): Promise<number> {
  const answer = (await (await page.request.get('/rest/get-game-filters/')).json()) as { data: { games: { id: number; slug: string }[] } };
  const found = answer.data.games.find((g) => g.slug === slug);
  if (!found) throw new Error(`no game ${slug}`);
  return found.id;
}

test('a guest reads every prize table\'s published odds on /fairness, in English and Spanish', async ({ page }) => {
  await page.goto('/fairness/');
  const odds = page.getByTestId('published-odds');
  await expect(odds.getByRole('heading', { name: 'Published odds' })).toBeVisible();
  const daily = page.getByTestId('published-odds-wheel-of-treasure-daily');
  await expect(daily).toBeVisible();
  // The chances shown add up to 100% (rounded to two decimals each).
  const percents = (await daily.locator('tbody td:last-child').allTextContents()).map((text) => Number(text.replace('%', '').replace(',', '.')));
  expect(Math.abs(percents.reduce((a, b) => a + b, 0) - 100)).toBeLessThan(0.05);
  await expect(daily.locator('caption')).toHaveText(/^Wheel of treasure: the daily wheel \(version \d+\)$/);
  await page.goto('/es/fairness/');
  await expect(page.getByTestId('published-odds').getByRole('heading', { name: 'Probabilidades publicadas' })).toBeVisible();
  // Each table by its name in the page's language, not by its identifiers.
  await expect(page.getByTestId('published-odds-wheel-of-treasure-daily').locator('caption')).toHaveText(/^Rueda del tesoro: la rueda diaria \(versión \d+\)$/);
  await expect(page.getByTestId('published-odds-scratch-cards-card').locator('caption')).toHaveText(/^Tarjetas de rascar: la tarjeta \(versión \d+\)$/);
});
