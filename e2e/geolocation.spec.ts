import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { baseUrl, device, RESTRICTED_LOCATION, signUp, uniqueEmail } from './helpers';

/**
 * The web's geolocation flow (spec §4 and §2, docs/geo-restriction.md "The web's geolocation flow")
 * on a phone: turning to Fortune Coins asks the device where it is; a refusal or a restricted state
 * leads to /geoblock/, which says why, in English and Spanish, and whose Try again leaves once allowed.
 */

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };
const PHONE = [390, 844] as const;

const modeButton = (page: Page, testId: string) => page.getByTestId(testId).locator('xpath=ancestor::button[1]');

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The operator's read of the block reports (newest first). */
async function blockReports(): Promise<Array<{ playerId: number | null; app: string; reason: string | null; createdAtMs: number }>> {
  const operator = await playwrightRequest.newContext({ baseURL: baseUrl() });
  try {
    expect((await operator.post('/api/operator/sign-in/', { data: OPERATOR })).status()).toBe(200);
    const res = await operator.get('/api/operator/geo-blocks/?limit=100');
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data;
  } finally {
    await operator.dispose();
  }
}

async function turnToFortuneCoins(page: Page): Promise<void> {
  await modeButton(page, 'balance-fortune').click();
}

test('denied location: /geoblock/ says so, one block report, Try again stays (keyboard, axe)', async ({ browser }) => {
  const startedAtMs = Date.now();
  const { context, page } = await device(browser, ...PHONE, { geolocation: null });
  // Chromium answers "denied" to the Permissions API only for a refused permission: refuse it for the site.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Browser.setPermission', { permission: { name: 'geolocation' }, setting: 'denied', origin: baseUrl() });
  await signUp(page, uniqueEmail('geo-denied'));
  await turnToFortuneCoins(page);
  await page.waitForURL(/\/geoblock\/$/);
  const reason = page.getByTestId('geoblock-reason');
  await expect(reason).toHaveText("Location access is blocked for this site. Allow it in your browser's site settings, then try again.");
  expect(await seriousViolations(page)).toEqual([]);

  // Try again by keyboard: still denied, still here, and no second report of the same kind.
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await tryAgain.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Your location is still restricted.');
  await expect(page).toHaveURL(/\/geoblock\/$/);

  const mine = (await blockReports()).filter((r) => r.createdAtMs >= startedAtMs && r.playerId !== null);
  expect(mine.map((r) => [r.app, r.reason])).toEqual([['system', 'user denied']]);
  await context.close();
});

test('restricted coordinates (Seattle): /geoblock/ names Washington, in English and Spanish', async ({ browser }) => {
  const { context, page } = await device(browser, ...PHONE, { geolocation: RESTRICTED_LOCATION });
  await signUp(page, uniqueEmail('geo-wa'));
  await turnToFortuneCoins(page);
  await page.waitForURL(/\/geoblock\/$/);
  await expect(page.getByTestId('geoblock-reason')).toHaveText('Sweepstakes play is not offered in Washington.');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/es/geoblock/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No disponible en tu ubicación');
  await expect(page.getByTestId('geoblock-reason')).toHaveText('Los sorteos no se ofrecen en Washington.');
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The device moves to Austin: Try again leaves for the player home.
  await context.setGeolocation({ latitude: 30.2672, longitude: -97.7431 });
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await page.waitForURL(/\/es\/lobby\/$/);
  await context.close();
});

test('allowed coordinates (Austin): Fortune Coin mode stays, and Try again leaves /geoblock/ for the lobby', async ({ browser }) => {
  const { context, page } = await device(browser, ...PHONE);
  await signUp(page, uniqueEmail('geo-tx'));
  await turnToFortuneCoins(page);
  await expect(modeButton(page, 'balance-fortune')).toHaveAttribute('aria-pressed', 'true');
  // The check ran and found the device allowed (the tab keeps the geo state); the page stays.
  await expect.poll(() => page.evaluate(() => JSON.parse(window.sessionStorage.getItem('sweepstack_geo') ?? 'null')?.accessState)).toBe('granted');
  await expect(page).toHaveURL(/\/lobby\/$/);

  await page.goto('/geoblock/');
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL(/\/lobby\/$/);
  await context.close();
});
