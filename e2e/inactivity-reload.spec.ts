import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, signUp, uniqueEmail } from './helpers';

/**
 * Spec §4: after a long inactivity (ours: two hours, apps/web/app/platform/activity.ts) the page
 * reloads, once no modal or cash widget is open; the page it reloaded does not reload again before the
 * visitor acts. The browser's clock is faked (Playwright's clock) and moved on by hours; a value set on
 * `window` tells whether the page was reloaded.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A fixed morning, so that moving on a few hours stays within one day (no once-a-day welcome modal comes). */
const MORNING = new Date(`${new Date().toISOString().slice(0, 10)}T06:00:00Z`);

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { idleMark?: number }).idleMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { idleMark?: number }).idleMark === 1);

test('a guest page left two hours reloads once, and again only after the visitor acted', async ({ page }) => {
  await page.clock.install({ time: MORNING });
  await page.goto('/');
  await acceptCookies(page);
  await mark(page);
  // An hour and a half: the session-start pause has passed, the reload's has not.
  await page.clock.fastForward('01:30:00');
  expect(await marked(page)).toBe(true);
  await page.clock.fastForward('00:32:00');
  await expect.poll(() => marked(page).catch(() => false)).toBe(false);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  // The reloaded page waits for the visitor, however long they stay away.
  await mark(page);
  await page.clock.fastForward('03:00:00');
  expect(await marked(page)).toBe(true);
  // The visitor acts: the next two hours of nothing reload it again.
  await page.mouse.click(5, 400);
  await page.clock.fastForward('01:50:00');
  expect(await marked(page)).toBe(true);
  await page.clock.fastForward('00:12:00');
  await expect.poll(() => marked(page).catch(() => false)).toBe(false);
});

test('never reloads under an open cash widget; closing it counts as activity', async ({ page }) => {
  await page.clock.install({ time: MORNING });
  await signUp(page, uniqueEmail('idle-reload'));
  // The reality check (a modal, which would rightly hold the reload off) is switched off for this player.
  expect((await page.request.post('/rest/player/responsible-play/reality-check/interval/', { data: { intervalMinutes: 0 } })).status()).toBe(200);
  await page.goto('/lobby/#/cash/deposit-by-money/');
  await expect(page.getByTestId('cash-packages')).toBeVisible({ timeout: 15_000 });
  await mark(page);
  await page.clock.fastForward('03:00:00');
  expect(await marked(page)).toBe(true);
  // Closed (Escape): an act of the visitor, so the page stays for two more hours, then reloads.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cash-packages')).toBeHidden();
  await page.clock.fastForward('01:50:00');
  expect(await marked(page)).toBe(true);
  await page.clock.fastForward('00:12:00');
  await expect.poll(() => marked(page).catch(() => false)).toBe(false);
});
