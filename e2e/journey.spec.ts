import { expect, test } from '@playwright/test';
import { acceptCookies, signUp, uniqueEmail } from './helpers';

test('a guest signs up, sees both balances, switches to Spanish and back, signs out', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await expect(page.getByTestId('balance-gold')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(/\/signup\/?/);

  await signUp(page, uniqueEmail('journey'), undefined, { throughForm: true });

  const gold = page.getByTestId('balance-gold');
  const fortune = page.getByTestId('balance-fortune');
  await expect(gold).toBeVisible();
  await expect(fortune).toBeVisible();
  // Gold Coins are whole numbers, Fortune Coins have two decimals.
  await expect(gold).toHaveText(/^[\d,]+$/);
  await expect(fortune).toHaveText(/^[\d,]+\.\d{2}$/);

  await page.getByTestId('language-switcher').getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/lobby\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('balance-gold')).toBeVisible();
  await page.getByTestId('language-switcher').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/lobby\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const logout = page.getByTestId('logout');
  if (!(await logout.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('logout').first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByTestId('balance-gold')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
});

test('the 404 page names the path and returns home', async ({ page }) => {
  const response = await page.goto('/no-such-page/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! This page does not exist' })).toBeVisible();
  await expect(page.getByTestId('not-found-path')).toContainText('/no-such-page/here');
  await page.getByRole('link', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('on a 390×844 phone a guest sees only Sign in and Sign Up in the bottom nav', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  await acceptCookies(page);
  const nav = page.getByRole('navigation', { name: 'Quick navigation' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Sign in', 'Sign Up']);
  await page.screenshot({ path: 'test-results/e2e/artifacts/mobile-guest-home.png', fullPage: false });
  await context.close();
});

test('on a phone a player gets the tap bar and a Menu that opens the sidebar', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signUp(page, uniqueEmail('mobile'));
  const nav = page.getByRole('navigation', { name: 'Quick navigation' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/artifacts/mobile-player-menu.png' });
  await context.close();
});
