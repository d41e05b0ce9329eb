import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, clearPresetPackageCookie, signUp, skipPresetPackageModal, skipSignupGift, skipWelcomeModals, uniqueEmail, waitForHydration } from './helpers';

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
  // (The modal frame and its content both carry the modal's test id: the first match is enough.)
  await expect(page.getByTestId('modal-promo-offer-link').or(page.getByTestId('cash-widget')).first()).toBeVisible({ timeout: 15_000 });
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
  await clearPresetPackageCookie(page);
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

test('the offer cards open the cash widget on their preset, and flip-the-coin gives an offer, then says why it cannot flip again', async ({ page }) => {
  test.setTimeout(90_000);
  // Signed up through the API in the page's own cookie jar (the sign-up form adds nothing here).
  await skipPresetPackageModal(page);
  await skipWelcomeModals(page);
  const signedUp = await page.request.post('/rest/auth/signup/', { data: { email: uniqueEmail('promo-flip'), password: 'E2e-Player-2026', birthday: '1990-04-12', acceptedTerms: true } });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);

  // The promotions page: the welcome pack's step (offerDeposit) and the daily deal (offerPeriodic) lead to the cash widget on their preset.
  await page.goto('/promotions/');
  await acceptCookies(page);
  const ready = page.getByTestId('promotions-ready');
  const pack = ready.locator('[data-testid="promotion-card"][data-type="offerDeposit"]');
  await expect(pack.getByRole('heading', { name: 'Welcome pack' })).toBeVisible({ timeout: 15_000 });
  await expect(pack).toContainText('25,000 GC + 10.00 FC');
  await expect(pack).toContainText('$4.99 instead of $9.99');
  await expect(pack).toContainText('Step 1 of 3 of the pack.');
  // The daily deal by its card's name: on a Saturday or Sunday the weekend offer is a second offerPeriodic card.
  const deal = ready.locator('[data-testid="promotion-card"][data-type="offerPeriodic"]').filter({ has: page.getByRole('heading', { name: 'Daily deal' }) });
  await expect(deal.getByRole('heading', { name: 'Daily deal' })).toBeVisible();
  await expect(deal).toContainText('Once a day.');
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await pack.getByTestId('promotion-action').click();
  await expect(page).toHaveURL(/#\/cash\/deposit-by-money\/welcome-1\/promoOffer\/$/);
  await expect(page.getByTestId('cash-selected')).toContainText('25,000');
  await page.goto('/promotions/');
  await deal.getByTestId('promotion-action').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/cash\/deposit-by-money\/daily-deal\/promoOffer\/$/);
  await expect(page.getByTestId('cash-selected')).toContainText('6,000');

  // Flip the coin (?promoOfferSet=): the side decides the offer; the query leaves the address.
  await page.goto('/lobby/?promoOfferSet=lucky-flip');
  const flip = page.getByRole('dialog').getByTestId('modal-flip-the-coin');
  await expect(flip.getByRole('heading', { name: 'Flip the coin' })).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(page, '[data-testid="modal-flip-the-coin"]')).toEqual([]);
  const flipButton = (name = 'Flip the coin') => flip.getByRole('button', { name });
  await flipButton().focus();
  await page.keyboard.press('Enter');
  const result = page.getByTestId('flip-the-coin-result');
  await expect(result).toContainText(/^(Heads|Tails)! Here is your offer:/);
  await expect(page).not.toHaveURL(/promoOfferSet=/);
  const side = (await result.textContent())!.startsWith('Heads') ? 'heads' : 'tails';
  const coins = side === 'heads' ? '8,000' : '6,000';
  await expect(result).toContainText(coins);

  // Flipping again while that offer waits: the used modal (limit_by_promo_offers), whose button buys the offer.
  await page.goto('/lobby/?promoOfferSet=lucky-flip');
  await expect(flip).toBeVisible({ timeout: 15_000 });
  await flipButton().click();
  const used = page.getByTestId('modal-flip-the-coin-used');
  await expect(used).toHaveAttribute('data-reason', 'limit_by_promo_offers');
  await expect(used.getByRole('heading')).toHaveText('Coin already flipped');
  await expect(used).toContainText('You already have an offer from this coin. Buy it before flipping again.');
  expect(await seriousViolations(page, '[data-testid="modal-flip-the-coin-used"]')).toEqual([]);
  await used.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(new RegExp(`#/cash/deposit-by-money/flip-${side}/promoOffer/$`));
  await expect(page.getByTestId('cash-selected')).toContainText(coins);
  await payWithCard(page);
  await expect(page.getByTestId('receipt-credited')).toContainText(coins);

  // Bought: the next flip waits for the set's cooldown (limit_by_time), in Spanish with its date.
  await page.goto('/es/lobby/?promoOfferSet=lucky-flip');
  await expect(flip.getByRole('heading', { name: 'Lanza la moneda' })).toBeVisible({ timeout: 15_000 });
  await flipButton('Lanzar la moneda').click();
  await expect(used).toHaveAttribute('data-reason', 'limit_by_time');
  await expect(used.getByRole('heading')).toHaveText('Moneda ya lanzada');
  await expect(used).toContainText('Ya lanzaste esta moneda. El próximo lanzamiento se abre el');

  // A set with no offer behind it (no_offers_found); closed by keyboard.
  await page.goto('/lobby/?promoOfferSet=no-such-set');
  await expect(flip).toBeVisible({ timeout: 15_000 });
  await flipButton().click();
  await expect(used).toHaveAttribute('data-reason', 'no_offers_found');
  await expect(used.getByRole('heading')).toHaveText('No offer found');
  await expect(used).toContainText('There is no offer behind this coin right now.');
  await used.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(used).toBeHidden();
});
