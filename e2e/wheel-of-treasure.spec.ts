import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, signUp, skipPresetPackageModal, skipWelcomeModals, uniqueEmail } from './helpers';

/**
 * Wheel of treasure (docs/features/wheel-of-treasure.md) on a phone: the free daily spin from the
 * keyboard alone, the wheel resting exactly on the segment the server drew, the header balance
 * following the prize, the draw verified on /fairness; in two themes and in Spanish (with reduced motion: no spin, the result at
 * once); axe clean. Guests see every wheel's odds before anything is bought.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const goldOf = async (page: Page) => Number((await page.getByTestId('balance-gold').first().innerText()).replace(/[^\d]/g, ''));

interface SpinAnswer {
  data: { draw: { segmentIndex: number; table: string }; prize: { kind: string; amount?: number } };
}

/** Tabs to the element with this test id (keyboard only), at most 25 presses. */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let i = 0; i < 25; i++) {
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testId}`);
}

for (const { theme, locale, reducedMotion } of [
  { theme: 'nlc', locale: 'en', reducedMotion: false },
  { theme: 'stormrush', locale: 'es', reducedMotion: true },
] as const) {
  test(`spins today's free wheel by keyboard on a phone (${theme}, ${locale}${reducedMotion ? ', reduced motion' : ''}) and lands on the server's segment`, async ({ page }) => {
    test.setTimeout(90_000);
    if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUp(page, uniqueEmail(`wheel-${theme}`));
    const before = await goldOf(page);
    const prefix = locale === 'es' ? '/es' : '';
    await page.goto(`${prefix}/wheel-of-treasure/?theme=${theme}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'es' ? 'Rueda del tesoro' : 'Wheel of treasure');
    await expect(page.getByTestId('odds-wheel-of-treasure-daily').locator('tbody tr')).toHaveCount(8);
    expect(await violations(page, 'main')).toEqual([]);
    await page.screenshot({ path: `test-results/e2e/artifacts/wheel-page-${theme}-${locale}.png`, fullPage: true });

    // Keyboard only: reach the page's spin button, open the play modal, reach the free spin.
    await tabTo(page, 'wheel-open-play');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: locale === 'es' ? 'Rueda del tesoro' : 'Wheel of treasure' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('wheel-spin-daily')).toBeVisible();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await tabTo(page, 'wheel-spin-daily');
    const answered = page.waitForResponse((r) => r.url().includes('/rest/wheel-of-treasure/spin/') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    const answer = (await (await answered).json()) as SpinAnswer;
    expect(answer.data.draw.table).toBe('wheel-of-treasure-daily');

    // The wheel comes to rest exactly on the drawn segment (after its spin, or at once with reduced motion).
    const wheel = dialog.getByTestId('wheel-wheel-of-treasure-daily');
    await expect(wheel).toHaveAttribute('data-landed', String(answer.data.draw.segmentIndex), { timeout: reducedMotion ? 2000 : 12_000 });
    const result = dialog.getByTestId('wheel-result');
    await expect(result).toContainText(locale === 'es' ? '¡Has ganado' : 'You won');
    await expect(result).toBeFocused();
    await page.screenshot({ path: `test-results/e2e/artifacts/wheel-play-${theme}-${locale}.png` });
    expect(await violations(page, '[role="dialog"]')).toEqual([]);

    // The header balance follows the prize (the balance push).
    await expect.poll(() => goldOf(page), { timeout: 15_000 }).toBe(before + (answer.data.prize.amount ?? 0));

    // Today's free spin is used: the server refuses another, the modal counts down to the next one.
    const again = await page.request.post('/rest/wheel-of-treasure/spin/', { data: { kind: 'daily', requestKey: `e2e-again-${Date.now()}` } });
    expect(again.status()).toBe(409);
    const timer = dialog.getByRole('timer');
    await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    const first = await timer.innerText();
    await expect.poll(() => timer.innerText(), { timeout: 5000 }).not.toBe(first);

    // The draw is verifiable on /fairness: the browser recomputes it once the seed is revealed.
    await dialog.locator('a[href*="fairness"]').click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('reveal-and-verify-draw').click();
    await expect(page.getByTestId('verify-draw-result')).toHaveAttribute('data-ok', 'true');
    expect(await violations(page, 'main')).toEqual([]);
  });
}

test('guests see every wheel with its odds in % before anything is bought, and the wheel link sends them to sign up', async ({ page }) => {
  await page.goto('/wheel-of-treasure/');
  await acceptCookies(page);
  const daily = page.getByTestId('odds-wheel-of-treasure-daily');
  await expect(daily.locator('tbody tr').first()).toContainText('30.00%');
  await expect(page.getByTestId('odds-wheel-of-treasure-booster').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('odds-wheel-of-treasure-extra').locator('tbody tr')).toHaveCount(6);
  expect(await violations(page, 'main')).toEqual([]);
  await page.goto('/?openModal=daily-wheel');
  await expect(page).toHaveURL(/\/signup\/?/);
});

test("the day's welcome opens 5 s after load for a player with a free spin, and leads to the wheel", async ({ page }) => {
  test.setTimeout(60_000);
  await skipPresetPackageModal(page);
  await skipWelcomeModals(page, ['daily-login', 'prize-drops', 'seasons', 'bingo', 'scratch-cards']);
  const signup = await page.request.post('/rest/auth/signup/', { data: { email: uniqueEmail('wheel-welcome'), password: 'E2e-Player-2026', birthday: '1990-04-12', acceptedTerms: true } });
  expect(signup.status()).toBe(200);
  await page.goto('/lobby/');
  await acceptCookies(page);
  const welcome = page.getByRole('dialog', { name: 'Your free spin is waiting' });
  await expect(welcome).toBeVisible({ timeout: 15_000 });
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await welcome.getByRole('button', { name: 'Spin now' }).click();
  await expect(page.getByRole('dialog', { name: 'Wheel of treasure' }).getByTestId('wheel-spin-daily')).toBeVisible();
});

test.describe('on a desktop, in all nine themes', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
  test('the wheel page renders its wheel and odds, axe clean', async ({ page }) => {
    test.setTimeout(120_000);
    for (const theme of ['funrize', 'tao', 'nlc', 'product', 'funzCity', 'jackpotRabbit', 'sws', 'scarletSands', 'stormrush']) {
      await page.goto(`/wheel-of-treasure/?theme=${theme}`);
      await acceptCookies(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('wheel-wheel-of-treasure-daily')).toBeVisible();
      expect(await violations(page, 'main'), theme).toEqual([]);
      if (theme === 'tao' || theme === 'nlc') await page.screenshot({ path: `test-results/e2e/artifacts/wheel-page-desktop-${theme}.png` });
    }
  });
});
