import { spawnSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { device, skipSignupGift, uniqueEmail, waitForHydration } from './helpers';

/**
 * Email confirmation (docs/auth.md, "Email confirmation") on a phone: a new player sees the banner
 * (English, then Spanish), whose resend is limited right after sign-up; the link is read from the
 * sandbox mailer (the outbox, `npm run mail:outbox`), opened, and lands on the email-confirmed modal
 * with openNotify removed from the address; the banner is gone; the used link then gives the
 * invalid-link toast. Axe clean; keyboard; no sideways scrolling at 320 px.
 */

async function violations(page: Page, include: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** The confirmation link mailed to `email`, read from the sandbox outbox as an operator would. */
function confirmationLink(email: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const outbox = spawnSync('npm', ['run', '--silent', 'mail:outbox', '--', '100'], { env: { ...process.env, DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}` }, encoding: 'utf8' });
  expect(outbox.status, outbox.stderr).toBe(0);
  const message = outbox.stdout
    .split('-'.repeat(60))
    .filter((block) => block.includes(`email to ${email} `) && block.includes('Subject: Confirm your Sweepstack email'))
    .at(-1);
  const link = /(https?:\/\/\S+\/rest\/email\/confirm\/\?token=\S+)/.exec(message ?? '')?.[1];
  if (!link) throw new Error(`no confirmation mail for ${email} in the outbox`);
  const url = new URL(link);
  return url.pathname + url.search;
}

test('a new player confirms the email from the banner\'s mail on a phone', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await device(browser, 390, 844, { emailBanner: true });
  await skipSignupGift(page);
  const email = uniqueEmail('confirm');

  await page.goto('/signup/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('E2e-Player-2026');
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/lobby\/?$/);
  await waitForHydration(page);

  // The banner: at the top of the page, in its flow (the page content starts below it).
  const banner = page.getByRole('region', { name: 'Email confirmation' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText(`Please confirm your email address: we sent you a link to ${email}.`);
  expect(await page.locator('#main > [data-slot="email-confirmation"]').evaluate((slot) => slot === slot.parentElement?.firstElementChild)).toBe(true);
  expect(await violations(page, '[data-testid="email-banner"]')).toEqual([]);

  // Keyboard: the resend button is reached with Tab and pressed with Enter. Right after sign-up the
  // sign-up mail counts: the resend is refused for a minute, and says so.
  const resend = banner.getByRole('button', { name: 'Resend email' });
  await resend.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(resend).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('We just sent you a link. Please wait a minute before asking for another email.')).toBeVisible();

  // 320 px: nothing scrolls sideways, the banner fits.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const box = await banner.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });

  // Spanish.
  await page.goto('/es/lobby/');
  const bannerEs = page.getByRole('region', { name: 'Confirmación de correo' });
  await expect(bannerEs).toContainText(`Confirma tu dirección de correo: te enviamos un enlace a ${email}.`, { timeout: 15_000 });
  await expect(bannerEs.getByRole('button', { name: 'Reenviar correo' })).toBeVisible();
  await expect(bannerEs.getByRole('button', { name: 'Ocultar por ahora' })).toBeVisible();

  // The mail, from the sandbox mailer; its link confirms and lands on the email-confirmed modal.
  const link = confirmationLink(email);
  await page.goto('/lobby/');
  await page.goto(link);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('heading')).toHaveText(/Email confirmed|Correo confirmado/);
  await expect.poll(() => new URL(page.url()).searchParams.has('openNotify')).toBe(false);
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  // Keyboard: the focus is in the dialog; Tab reaches OK and Enter closes it.
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  const ok = dialog.getByRole('button', { name: /^(OK|Aceptar)$/i });
  for (let i = 0; i < 5 && !(await ok.evaluate((element) => element === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The banner is gone (app init says confirmed): a fresh page does not mount it.
  await page.goto('/lobby/');
  await page.waitForTimeout(3000);
  await expect(page.locator('[data-testid="email-banner"]')).toHaveCount(0);

  // The used link: the site with a clear invalid-link toast, no modal.
  await page.goto(link);
  await expect(page.getByText(/This email confirmation link is invalid|Este enlace de confirmación de correo no es válido/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('the banner hides for the session', async ({ browser }) => {
  const { context, page } = await device(browser, 390, 844, { emailBanner: true });
  await skipSignupGift(page);
  const signedUp = await page.request.post('/rest/auth/signup/', { data: { email: uniqueEmail('hide'), password: 'E2e-Player-2026', birthday: '1990-04-12', acceptedTerms: true } });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  await page.goto('/lobby/');
  const banner = page.getByRole('region', { name: 'Email confirmation' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await banner.getByRole('button', { name: 'Hide for now' }).click();
  await expect(banner).toBeHidden();
  await page.goto('/lobby/');
  await page.waitForTimeout(3000);
  await expect(page.locator('[data-testid="email-banner"]')).toHaveCount(0);
  await context.close();
});
