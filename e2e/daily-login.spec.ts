import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, signUp, skipPresetPackageModal, uniqueEmail } from './helpers';

/**
 * Daily login prizes (docs/features/daily-login.md) on a phone: the openModal=daily-login link opens
 * the modal, today's prize is claimed from the keyboard alone, the header balance shows the Gold
 * Coins, and the next claim's countdown ticks every second. The modal is axe clean.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const goldOf = async (page: Page) => Number((await page.getByTestId('balance-gold').first().innerText()).replace(/[^\d]/g, ''));

test('claims the daily prize from the modal by keyboard on a phone and the header balance shows it', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('daily'));
  const info = (await (await page.request.get('/rest/daily-login/info/')).json()) as { data: { isAvailable: boolean; activeLevel: number; prizes: { level: number; coins: number }[] } };
  expect(info.data).toMatchObject({ isAvailable: true, activeLevel: 1 });
  const prizeCoins = info.data.prizes[0]!.coins;
  expect(prizeCoins).toBeGreaterThan(0);
  const before = await goldOf(page);

  await page.goto('/lobby/?openModal=daily-login');
  const dialog = page.getByRole('dialog', { name: 'Daily login prizes' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('daily-login-level-1')).toHaveAttribute('data-state', 'today');
  await expect(dialog.locator('[data-testid^="daily-login-level-"]')).toHaveCount(7);
  expect(await violations(page, '[role="dialog"]')).toEqual([]);

  // Keyboard only: the claim button has the focus; Enter claims.
  const claim = dialog.getByTestId('daily-login-claim');
  await expect(claim).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('daily-login-won')).toHaveText("Day 1's prize is yours!");
  await expect(dialog.getByTestId('daily-login-level-1')).toHaveAttribute('data-state', 'claimed');

  // The header balance (behind the modal) counts up to the prize, from the balance push.
  await expect.poll(() => goldOf(page), { timeout: 15_000 }).toBe(before + prizeCoins);

  // The next claim's countdown ticks every second.
  const timer = dialog.getByRole('timer');
  await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  const first = await timer.innerText();
  await expect.poll(() => timer.innerText(), { timeout: 5000 }).not.toBe(first);
  expect(await violations(page, '[role="dialog"]')).toEqual([]);

  // A second claim the same day is refused by the server; nothing moves.
  const again = await page.request.get('/rest/daily-login/apply-prize/');
  expect(again.status()).toBe(409);
  expect(await goldOf(page)).toBe(before + prizeCoins);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a guest following the daily-login link is sent to sign up', async ({ page }) => {
  await page.goto('/?openModal=daily-login');
  await expect(page).toHaveURL(/\/signup\/?/);
});

test("the day's welcome opens the daily login modal 5 s after load for a player with a prize to claim, once", async ({ page }) => {
  test.setTimeout(60_000);
  await skipPresetPackageModal(page);
  const signup = await page.request.post('/rest/auth/signup/', { data: { email: uniqueEmail('welcome'), password: 'E2e-Player-2026', birthday: '1990-04-12', acceptedTerms: true } });
  expect(signup.status()).toBe(200);
  await page.goto('/lobby/');
  await acceptCookies(page);
  const dialog = page.getByRole('dialog', { name: 'Daily login prizes' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('daily-login-claim')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Once per day: the next page does not welcome again.
  await page.goto('/lobby/');
  await page.waitForTimeout(6500);
  await expect(dialog).toBeHidden();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("the sidebar entry says the prize is ready, then counts down to the next claim once it is claimed", async ({ page }) => {
    test.setTimeout(60_000);
    await signUp(page, uniqueEmail('daily-nav'));
    await page.goto('/lobby/');
    const entry = page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: /Daily prize/ });
    await expect(entry.getByTestId('nav-ready')).toHaveText('Ready');
    expect((await page.request.get('/rest/daily-login/apply-prize/')).status()).toBe(200);
    await page.reload();
    const countdown = entry.getByTestId('nav-countdown');
    await expect(countdown).toHaveText(/Available in \d{2}:\d{2}:\d{2}$/);
    await expect(entry.getByTestId('nav-ready')).toHaveCount(0);
    const first = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), { timeout: 5000 }).not.toBe(first);
  });
});
