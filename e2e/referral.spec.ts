import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, baseUrl, skipPresetPackageModal, skipSignupGift, skipWelcomeModals, uniqueEmail, waitForHydration } from './helpers';

/**
 * Referral (docs/features/referral.md) on a phone, in Spanish: a guest lands from a friend's link, is
 * sent to sign-up with the code kept, signs up and reaches the lobby; the referrer's /referral-info
 * then lists the friend (masked) with the sign-up step paid. Axe clean; the rules modal opens and
 * closes by keyboard and a backdrop click does not close it.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

async function violations(page: Page, include = 'main'): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('a friend from a referral link signs up and shows on the referrer\'s list', async ({ page, browser, playwright }) => {
  test.setTimeout(120_000);
  // The referrer, on a browser of their own (another device: the same-device rule would refuse the friend).
  const referrerApi = await playwright.request.newContext({ baseURL: baseUrl(), userAgent: 'E2E-Referrer-Phone/1.0' });
  const signedUp = await referrerApi.post('/rest/auth/signup/', { data: { email: uniqueEmail('referrer'), password: 'E2e-Player-2026', birthday: '1990-04-12', acceptedTerms: true } });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const info = await referrerApi.get('/rest/referral/info/');
  expect(info.ok(), await info.text()).toBe(true);
  const code = ((await info.json()) as { data: { code: string } }).data.code;

  // The friend opens the link as a guest and is sent to sign-up with the code kept.
  await skipPresetPackageModal(page);
  await skipWelcomeModals(page);
  await skipSignupGift(page);
  await page.goto(`/es/?invited_by=${code}`);
  await acceptCookies(page);
  await page.waitForURL(new RegExp(`/es/signup/\\?invited_by=${code}$`));
  await waitForHydration(page);
  const friendEmail = uniqueEmail('friend');
  await page.getByLabel('Correo electrónico').fill(friendEmail);
  await page.getByLabel('Contraseña', { exact: true }).fill('E2e-Player-2026');
  await page.getByLabel('Fecha de nacimiento').fill('1991-06-02');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.waitForURL(/\/es\/lobby\/?$/);

  // The referrer's invite-friends screen lists the friend, masked, with the sign-up step paid.
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
  await expect
    .poll(async () => {
      await referrer.reload();
      return referrer.getByTestId('referral-friend').count();
    }, { timeout: 20_000 })
    .toBe(1);
  const row = referrer.getByTestId('referral-friend');
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
