import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { acceptCookies, signUp, uniqueEmail, waitForHydrationAfterGoto } from './helpers';

// The feature modules of the web (docs/adding-a-feature.md): pages, modals, deep links and their
// backdrop rules come from each feature's feature.ts, and the registry that reads them loads only
// with the modal stack or for an address with a query.

test('a guest: feature pages show their coming-soon state, and a players-only link leads to sign-up', async ({ page }) => {
  waitForHydrationAfterGoto(page);
  await page.goto('/lottery/');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Promo lottery' })).toBeVisible();
  await page.goto('/?openModal=my-tournaments');
  await page.waitForURL(/\/signup\/\?openModal=my-tournaments$/);
});

test('a player: openModal, openSupport and the header open the features\' modals with their backdrop rules, in English and Spanish', async ({ page }) => {
  await signUp(page, uniqueEmail('features'));

  // Values containing seasons open the season modal (no season has been created here: its empty state).
  await page.goto('/lobby/?openModal=seasons');
  const seasons = page.getByRole('dialog', { name: 'Season' });
  await expect(seasons).toBeVisible();
  await expect(seasons.getByTestId('season-empty')).toBeVisible();
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(seasons).toBeHidden();

  // A built feature's link: values containing daily-wheel open the wheel of treasure.
  await page.goto('/lobby/?openModal=daily-wheel-booster');
  await expect(page.getByRole('dialog', { name: 'Wheel of treasure' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Spec §2: a backdrop click (and Escape) never closes the tournaments modal; its own button does.
  await page.goto('/lobby/?openModal=tournaments');
  const tournaments = page.getByTestId('modal-tournaments');
  await expect(page.getByRole('dialog', { name: 'Tournaments' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(tournaments).toBeVisible();
  await tournaments.getByRole('button', { name: 'Close' }).click();
  await expect(tournaments).toBeHidden();

  await page.goto('/es/lobby/?openSupport=1');
  await expect(page.getByRole('dialog', { name: 'Chat de soporte' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/lobby/');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByTestId('modal-notifications')).toBeVisible();
});
