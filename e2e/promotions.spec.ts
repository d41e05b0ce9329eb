import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dismissSeasonCelebrations, signUp, uniqueEmail, waitForHydrationAfterGoto } from './helpers';

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

test('shows the live features as cards that lead to them, by keyboard and in Spanish', async ({ page, browser }) => {
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
  // The daily offer's badge label is the operator's English: the Spanish card has the Spanish title. On a
  // Saturday or Sunday the weekend offer is a second such card, with the same title.
  const offers = ready.locator('[data-testid="promotion-card"][data-type="offerPeriodic"]');
  await expect(offers.first().getByRole('heading')).toHaveText('Oferta especial');
  const titles = await offers.getByRole('heading').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(new Set(titles)).toEqual(new Set(['Oferta especial']));
  expect(await violations(page)).toEqual([]);
  // Nor does the cashier's list of packages (the same offer, its badge in English).
  await page.goto('/es/lobby/#cash');
  const widget = page.getByTestId('cash-widget');
  await expect(widget.getByTestId('cash-package-daily-deal')).toBeVisible({ timeout: 15_000 });
  await expect(widget).not.toContainText('Daily deal');

  // On a desktop the main menu lists each page once (a feature's entry joins the menu's own item,
  // with its Ready badge) and every label starts in the same column (an icon, or its empty slot).
  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: await page.context().storageState() });
  const wide = await desktop.newPage();
  await dismissSeasonCelebrations(wide);
  waitForHydrationAfterGoto(wide);
  await wide.goto('/promotions/');
  const menu = wide.getByRole('navigation', { name: 'Main menu' });
  const targets = await menu.getByRole('link').evaluateAll((links) => links.map((a) => { const url = new URL((a as HTMLAnchorElement).href); return url.pathname + url.search; }));
  expect(targets.filter((path, i) => targets.indexOf(path) !== i)).toEqual([]);
  const lefts = await menu.locator('li > a > :first-child + span, li > button > :first-child + span').evaluateAll((labels) => labels.map((label) => Math.round(label.getBoundingClientRect().left)));
  expect(lefts.length).toBeGreaterThan(8);
  expect(new Set(lefts).size, `label columns ${lefts.join(', ')}`).toBe(1);
  await desktop.close();
});
