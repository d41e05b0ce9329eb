import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signUp, skipWelcomeModals, uniqueEmail } from './helpers';

/**
 * The /bingo page (docs/features/bingo.md) on a phone in Spanish: the period's card is dealt on the
 * first look (25 cells, the free centre, its seed hash published), the balls and progress are shown,
 * a round is refused with fewer than 10 balls; axe clean. The browser tests' server runs nlc, a
 * theme without the bingo store, so the page says bingo is not running there.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('shows the card, the balls and the published odds (es, phone, axe)', async ({ page }) => {
  test.setTimeout(60_000);
  await skipWelcomeModals(page);
  await signUp(page, uniqueEmail('bingo'));
  await page.goto('/es/bingo/?theme=sws');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bingo');
  const card = page.getByTestId('bingo-card');
  await expect(card.locator('tbody td')).toHaveCount(25);
  await expect(card.locator('tbody td').nth(12)).toContainText('Libre');
  await expect(page.getByTestId('odds-bingo-line').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('bingo-play')).toBeDisabled();
  const refused = await page.request.post('/rest/bingo/bingo-accrue-reward/', { data: { requestKey: `e2e-bingo-${Date.now()}` } });
  expect(refused.status()).toBe(409);
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/artifacts/bingo-page-es.png', fullPage: true });
});
