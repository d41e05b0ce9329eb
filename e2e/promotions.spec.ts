import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dismissSeasonCelebrations, signUp, uniqueEmail } from './helpers';

/**
 * The promotions page (docs/features/promotions.md) on a phone: a new player's home shows their home
 * cards; /promotions lists the live features' cards (verification ready, the VIP cashback counting
 * down to the week's end), axe clean; a card's button, by keyboard, leads to its feature; in Spanish.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('shows the live features as cards that lead to them, by keyboard and in Spanish', async ({ page }) => {
  test.setTimeout(120_000);
  await dismissSeasonCelebrations(page);
  await signUp(page, uniqueEmail('promotions'));

  // Home: the player's home cards (verification is a home type; a new player is not verified).
  const home = page.getByTestId('home-promotions');
  await expect(home.getByRole('heading', { name: 'Your promotions' })).toBeVisible();
  await expect(home.locator('[data-testid="promotion-card"][data-type="verification"]')).toBeVisible();

  await home.getByRole('link', { name: 'All promotions' }).click();
  await expect(page).toHaveURL(/\/promotions\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  const ready = page.getByTestId('promotions-ready');
  const verification = ready.locator('[data-testid="promotion-card"][data-type="verification"]');
  await expect(verification.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(verification.getByTestId('promotion-ready')).toHaveText('Ready');
  // The league is on: its cashback counts down to the week's calculation, ticking every second.
  const cashback = page.getByTestId('promotions-soon').locator('[data-testid="promotion-card"][data-type="rankLeagueCashback"]');
  const countdown = cashback.getByTestId('promotion-countdown');
  await expect(countdown).toHaveText(/\d\d:\d\d:\d\d/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 5_000 });
  expect(await violations(page)).toEqual([]);

  // How it works opens by keyboard; the card's button leads to the identity check.
  const details = verification.locator('summary');
  await details.focus();
  await page.keyboard.press('Enter');
  await expect(verification.getByText('Have an ID document ready.', { exact: false })).toBeVisible();
  await verification.getByTestId('promotion-action').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/#verification-title$/);
  await expect(page.getByRole('heading', { name: /verification/i }).first()).toBeVisible();

  // Spanish.
  await page.goto('/es/promotions/');
  await expect(page.getByRole('heading', { level: 1, name: 'Promociones' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verifica tu identidad' })).toBeVisible();
  await expect(page.getByTestId('promotions-soon').getByRole('heading', { name: 'Reembolso semanal' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
