import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { clearPresetPackageCookie, signUp, uniqueEmail } from './helpers';

/**
 * The preset package modal's pop-up offer (docs/features/promo-offers.md): a player for whom the welcome
 * offer is no longer theirs (a first purchase is in flight) and whose Gold Coins are below the daily
 * deal's 20,000 is offered the seeded daily deal, app init's `popupPresetPackages`, with its picture;
 * in Spanish and English, axe clean, bought by keyboard.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a player past the welcome offer is offered the daily deal with its picture, in Spanish and English', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('popup-offer'));
  // A first purchase waiting for its bank's 3-D Secure step: the welcome offer is not theirs any more, no coins moved.
  const pending = await page.request.post('/rest/cash/deposit/', {
    data: { presetId: 'gc-10k', methodId: 'card', card: { number: '4000000000003220', expMonth: 12, expYear: 2030, cvc: '123' }, idempotencyKey: `e2e-popup-offer-${Date.now()}` },
  });
  expect(pending.status(), await pending.text()).toBe(200);
  const init = (await (await page.request.get('/rest/app/init/')).json()) as { data: { popupPresetPackages: { id: string }[] } };
  expect(init.data.popupPresetPackages.map((p) => p.id)).toContain('daily-deal');

  await clearPresetPackageCookie(page);
  await page.goto('/es/lobby/');
  const modal = page.getByTestId('modal-preset-package');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(modal).toHaveAttribute('data-offer-kind', 'popup');
  await expect(modal.getByRole('heading')).toHaveText('La oferta de hoy');
  await expect(modal).toContainText('6.000 Gold Coins + 4,00 Fortune Coins');
  await expect(modal).toContainText('2,99');
  const picture = modal.getByTestId('preset-package-image');
  await expect(picture).toHaveAttribute('src', '/images/promo-offers/daily-deal.svg');
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await seriousViolations(page, '[data-testid="modal-preset-package"]')).toEqual([]);
  await modal.screenshot({ path: test.info().outputPath('preset-package-popup-es.png') });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await page.context().clearCookies({ name: 'presetPackageModal' });
  await page.goto('/lobby/');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(modal.getByRole('heading')).toHaveText("Today's deal");
  await expect(modal).toContainText('6,000 Gold Coins + 4.00 Fortune Coins');
  await expect(modal).toContainText('$4.99');
  await expect(modal).toContainText('$2.99');
  const buy = modal.getByRole('button', { name: 'Buy now' });
  await buy.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/cash\/deposit-by-money\/daily-deal\/promoOffer\//);
});
