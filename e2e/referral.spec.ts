import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, baseUrl, skipPresetPackageModal, skipSignupGift, skipWelcomeModals, uniqueEmail, waitForHydration } from './helpers';

/**
 * Referral (docs/features/referral.md) on a phone, in Spanish, as one chained journey (issue 15 §5): a
 * guest lands from a friend's link (the checked code kept in `_refcode` / `_referrerinfo`), is sent to
 * sign-up with the code kept and told what it gives, signs up, is offered the welcome offer (promo
 * offers) and buys it with the sandbox card; the referrer's /referral-info then lists the friend
 * (masked) with the sign-up and first purchase done. Axe clean; the rules modal opens and closes by
 * keyboard and a backdrop click does not close it. The referrer signs up through the API (the browser
 * adds nothing there).
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

async function violations(page: Page, include = 'main'): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('a friend from a referral link signs up, buys the welcome offer, and shows on the referrer\'s list', async ({ page, browser, playwright }) => {
  test.setTimeout(120_000);
  // The referrer, on a browser of their own (another device: the same-device rule would refuse the friend).
  const referrerApi = await playwright.request.newContext({ baseURL: baseUrl(), userAgent: 'E2E-Referrer-Phone/1.0' });
  const signedUp = await referrerApi.post('/rest/auth/signup/', { data: { email: uniqueEmail('referrer'), password: 'E2e-Player-2026', birthday: '1990-04-12', acceptedTerms: true } });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const info = await referrerApi.get('/rest/referral/info/');
  expect(info.ok(), await info.text()).toBe(true);
  const code = ((await info.json()) as { data: { code: string } }).data.code;

  // The friend opens the link as a guest (lower case, as a friend might type it) and is sent to
  // sign-up with the code kept; the code checked is kept in the 365-day cookies, and sign-up says what it gives.
  await skipWelcomeModals(page);
  await skipSignupGift(page);
  const typed = code.toLowerCase();
  await page.goto(`/es/?invited_by=${typed}`);
  await acceptCookies(page);
  await page.waitForURL(new RegExp(`/es/signup/\\?invited_by=${typed}$`));
  await waitForHydration(page);
  await expect(page.getByTestId('signup-invitation')).toHaveText('Un amigo te invitó: regístrate y recibe 5.000 GC + 1,00 FC.');
  expect(await violations(page)).toEqual([]);
  const kept = new Map((await page.context().cookies()).map((c) => [c.name, c]));
  expect(kept.get('_refcode')?.value).toBe(code);
  expect(JSON.parse(decodeURIComponent(kept.get('_referrerinfo')?.value ?? '{}'))).toEqual({ code, reward: { coins: 5000, entries: 1 } });
  expect((kept.get('_refcode')?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
  const friendEmail = uniqueEmail('friend');
  await page.getByLabel('Correo electrónico').fill(friendEmail);
  await page.getByLabel('Contraseña', { exact: true }).fill('E2e-Player-2026');
  await page.getByLabel('Fecha de nacimiento').fill('1991-06-02');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.waitForURL(/\/es\/lobby\/?$/);

  // The welcome offer comes first (the preset package modal of a player without a purchase); bought with the sandbox card.
  const offer = page.getByTestId('modal-preset-package');
  await expect(offer).toBeVisible({ timeout: 15_000 });
  await expect(offer.getByRole('heading')).toHaveText('Tu oferta de bienvenida');
  await offer.getByRole('button', { name: 'Comprar ahora' }).click();
  await expect(page).toHaveURL(/#\/cash\/deposit-by-money\/welcome-1\/promoOffer\/$/);
  const widget = page.getByTestId('cash-widget');
  await expect(page.getByTestId('cash-selected')).toContainText('25.000');
  await widget.getByLabel('Tarjeta de crédito o débito').check();
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await widget.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await widget.getByLabel('Fecha de caducidad (MM/AA)').fill('1234');
  await widget.getByLabel('Código de seguridad (CVC)').fill('123');
  await widget.getByRole('button', { name: 'Pagar ahora' }).click();
  await expect(page.getByTestId('cash-success')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('receipt-credited')).toContainText('25.000');

  // The referrer's invite-friends screen lists the friend, masked: signed up (paid) and bought, still counting (no identity check yet).
  const referrerContext = await browser.newContext({ ...PHONE, userAgent: 'E2E-Referrer-Phone/1.0', storageState: await referrerApi.storageState(), baseURL: baseUrl() });
  const referrer = await referrerContext.newPage();
  await skipPresetPackageModal(referrer);
  await skipWelcomeModals(referrer);
  await referrer.goto('/es/referral-info/');
  await acceptCookies(referrer);
  await expect(referrer.getByRole('heading', { level: 1, name: 'Invita a tus amigos' })).toBeVisible();
  await expect(referrer.getByTestId('referral-code')).toHaveText(code);
  await expect(referrer.getByTestId('referral-link')).toHaveValue(new RegExp(`/es/\\?invited_by=${code}$`));
  const masked = `${friendEmail[0]}***@e***.local`;
  const row = referrer.getByTestId('referral-friend');
  await expect
    .poll(async () => {
      await referrer.reload();
      return (await row.count()) === 1 && (await row.locator('[data-step="firstPurchase"]').getAttribute('data-done'));
    }, { timeout: 20_000 })
    .toBe('true');
  await expect(row).toContainText(masked);
  await expect(row.getByTestId('referral-friend-status')).toHaveText('En curso');
  await expect(row.locator('[data-step="registration"]')).toHaveAttribute('data-done', 'true');
  await expect(row.locator('[data-step="inviteQualification"]')).toHaveAttribute('data-done', 'false');
  await expect(row).toContainText('Ganaste: 1.000 GC');
  expect(await violations(referrer)).toEqual([]);

  // The rules modal by keyboard: opens with Enter; a backdrop click (and Escape, which follows it) leaves it open; its Close button closes it.
  const how = referrer.getByTestId('referral-how');
  await how.focus();
  await referrer.keyboard.press('Enter');
  const dialog = referrer.getByRole('dialog', { name: 'Cómo funciona invitar amigos' });
  await expect(dialog).toBeVisible();
  expect(await violations(referrer, '[role="dialog"]')).toEqual([]);
  await referrer.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await referrer.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('referral-how-close').focus();
  await referrer.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await referrerContext.close();
  await referrerApi.dispose();
});
