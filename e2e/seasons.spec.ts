import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

/**
 * Seasons (docs/features/seasons.md) on a phone, in Spanish: an operator starts a season; the player's
 * real game rounds reach level 1, and the `prizeAssigned` push opens the congratulations wherever the
 * player is; it is keyboard operable and axe clean, and the season tower shows the level reached.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };
const GAME = 'reef-raiders';

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('a season level-up from real rounds opens the congratulations modal (Spanish, phone, keyboard, axe)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('season'));
  const catalogue = (await (await page.request.get('/rest/get-game-filters/')).json()) as { data: { games: { id: number; slug: string }[] } };
  const game = catalogue.data.games.find((g) => g.slug === GAME);
  expect(game).toBeDefined();
  const launch = await page.request.get(`/rest/game/${game!.id}/play/`);
  expect(launch.ok()).toBe(true);
  const { session, bets } = ((await launch.json()) as { data: { session: string; bets: { min: number } } }).data;

  // The operator starts a season now: one round at the lowest bet is one point, level 1 needs 3.
  expect((await request.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const now = Date.now();
  const created = await request.post('/api/operator/seasons/', {
    data: {
      slug: `e2e-${now}`,
      title: 'Temporada E2E',
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 15 * 60_000).toISOString(),
      rates: { gcWageredPerPoint: bets.min, fcCentsWageredPerPoint: 100, pointsPerDollar: 1 },
      premiumPackageId: 'season-pass',
      levels: Array.from({ length: 12 }, (_, i) => ({ points: 3 * (i + 1), freePrize: { kind: 'gold_coins', amount: 100 * (i + 1) }, premiumPrize: { kind: 'fortune_coins', amountCents: 20 * (i + 1) } })),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  // Its start job runs on the server's clock (the background runner).
  await expect.poll(async () => ((await (await page.request.get('/rest/seasons/')).json()) as { data: { isActive: boolean } }).data.isActive, { timeout: 30_000 }).toBe(true);

  await page.goto('/es/lobby/');
  // The push handlers subscribe once the page has loaded and the socket is up.
  await page.waitForLoadState('load');
  await page.waitForTimeout(3000);
  // Three rounds that take a stake (a round of a free-spins feature the game triggered stakes nothing).
  let staked = 0;
  for (let i = 0; staked < 3; i++) {
    expect(i).toBeLessThan(200);
    const spin = await page.request.post(`/rest/game/${game!.id}/spin/`, { data: { session, bet: bets.min, idempotencyKey: `e2e-season-${now}-${i}` } });
    expect(spin.ok(), await spin.text()).toBe(true);
    if (((await spin.json()) as { data: { stake: number } }).data.stake > 0) staked += 1;
  }

  const dialog = page.getByRole('dialog', { name: '¡Nivel 1 completado!' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('Nivel 1, gratis')).toBeVisible();
  await expect(dialog.getByText('100 GC')).toBeVisible();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: 'test-results/season-congratulations-es-phone.png' });

  // Keyboard: the first button has the focus; Tab reaches "see the tower", Enter opens it.
  await expect(dialog.getByTestId('season-congratulations-close')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Ver la torre' })).toBeFocused();
  await page.keyboard.press('Enter');
  const tower = page.getByRole('dialog', { name: 'Temporada E2E' });
  await expect(tower).toBeVisible();
  await expect(tower.getByTestId('season-level-1')).toHaveAttribute('data-state', 'completed');
  await expect(tower.getByTestId('season-level-2')).toHaveAttribute('data-state', 'upcoming');
  await expect(tower.getByText('Nivel 1 de 12')).toBeVisible();
  await expect(tower.getByTestId('season-buy-pass')).toBeVisible();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: 'test-results/season-tower-es-phone.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(tower.getByTestId('season-buy-pass')).toBeVisible();
  await page.screenshot({ path: 'test-results/season-tower-es-desktop.png' });
  await page.keyboard.press('Escape');
  await expect(tower).toBeHidden();
});
