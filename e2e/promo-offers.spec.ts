import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, signUp, skipPresetPackageModal, skipSignupGift, skipWelcomeModals, uniqueEmail, waitForHydration } from './helpers';

/** Promo offers (docs/features/promo-offers.md): a promo link applied after sign-up, and the welcome offer. */

test.use({ viewport: { width: 390, height: 844 } });

async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Pays for the package the cash widget shows with the sandbox's success card. */
async function payWithCard(page: Page): Promise<void> {
  const widget = page.getByTestId('cash-widget');
  await widget.getByLabel('Credit or debit card').check();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByLabel('Card number').fill('4242 4242 4242 4242');
  await widget.getByLabel('Expiry date (MM/YY)').fill('1234');
  await widget.getByLabel('Security code (CVC)').fill('123');
  await widget.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByTestId('cash-success')).toBeVisible({ timeout: 20_000 });
}

test('a guest follows a promo offer link, signs up, and the link opens the cash widget on its offer, bought with the sandbox card', async ({ page }) => {
  await skipPresetPackageModal(page);
  await skipWelcomeModals(page);
  await skipSignupGift(page);
  await page.goto('/?promoOffer=spring-boost-7Qm2');
  await acceptCookies(page);
  // Guests who apply a promo go to sign-up, the link kept.
  await page.waitForURL(/\/signup\/\?promoOffer=spring-boost-7Qm2$/);
  await waitForHydration(page);
  await page.getByLabel('Email').fill(uniqueEmail('promo-link'));
  await page.getByLabel('Password', { exact: true }).fill('E2e-Player-2026');
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/lobby\/\?promoOffer=spring-boost-7Qm2/);
  // Signed in: the link is applied after its 2 s delay, then the cash widget opens on the preset.
  await expect(page.getByTestId('modal-promo-offer-link').or(page.getByTestId('cash-widget'))).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/#\/cash\/deposit-by-money\/spring-boost\/promoOffer\/$/, { timeout: 15_000 });
  await expect(page).not.toHaveURL(/promoOffer=/);
  const selected = page.getByTestId('cash-selected');
  await expect(selected).toContainText('15,000');
  await expect(selected).toContainText('$9.99');
  expect(await seriousViolations(page, '[data-testid="cash-widget"]')).toEqual([]);
  await payWithCard(page);
  await expect(page.getByTestId('receipt-credited')).toContainText('15,000');
});

test('a new player is offered the welcome offer first (in Spanish too) and buys it by keyboard', async ({ page }) => {
  await signUp(page, uniqueEmail('promo-welcome'));
  // The welcome offer is the preset package modal for a player without a purchase.
  await page.context().clearCookies({ name: 'presetPackageModal' });
  await page.goto('/es/lobby/');
  const modal = page.getByTestId('modal-preset-package');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(modal.getByRole('heading')).toHaveText('Tu oferta de bienvenida');
  await expect(modal).toContainText('25.000');
  expect(await seriousViolations(page, '[data-testid="modal-preset-package"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await page.context().clearCookies({ name: 'presetPackageModal' });
  await page.goto('/lobby/');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(modal.getByRole('heading')).toHaveText('Your welcome offer');
  await expect(modal).toContainText('$9.99');
  await expect(modal).toContainText('$4.99');
  const buy = modal.getByRole('button', { name: 'Buy now' });
  await buy.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/cash\/deposit-by-money\/welcome-1\/promoOffer\/$/);
  await expect(page.getByTestId('cash-selected')).toContainText('25,000');
  await payWithCard(page);
  await expect(page.getByTestId('receipt-credited')).toContainText('25,000');
  await expect(page.getByTestId('receipt-paid')).toContainText('$4.99');
});
