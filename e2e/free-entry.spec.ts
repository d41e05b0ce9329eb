import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

/**
 * The free entry, "no purchase necessary" (docs/features/free-entry.md), on a phone: a new player
 * requests free Fortune Coins online by keyboard and the header balance shows them; gets a mail code;
 * an operator receives the letter and credits it, and the player's list says so live. The page is axe
 * clean and in Spanish for a Spanish visitor.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const fortuneCoins = async (page: Page) => Number(((await page.getByTestId('balance-fortune').first().textContent()) ?? '').replace(/[^\d.]/g, ''));

test('requests free Fortune Coins online and by mail; the operator credits the letter and the page shows it live', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('free-entry'));
  await page.goto('/free-entry/');
  await expect(page.getByRole('heading', { level: 1, name: 'Free entry' })).toBeVisible();
  await expect(page.getByText('No purchase necessary. A purchase will not improve your chances of winning.')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Online, by keyboard: the button is reachable with Tab and pressed with Enter.
  const before = await fortuneCoins(page);
  const online = page.getByTestId('free-entry-online');
  await expect(online).toBeEnabled();
  await online.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('free-entry-message')).toHaveText('1.00 FC were added to your balance.');
  await expect.poll(() => fortuneCoins(page), { timeout: 15_000 }).toBeCloseTo(before + 1, 2);
  await expect(online).toBeDisabled();
  await expect(page.getByText(/Your next request opens/).first()).toBeVisible();

  // By mail: a code to write in the letter, listed as waiting for it.
  await page.getByTestId('free-entry-mail-code').click();
  const code = (await page.getByTestId('free-entry-code').locator('strong').innerText()).trim();
  expect(code).toMatch(/^FE-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const row = page.getByTestId('free-entry-requests').locator('li', { hasText: code });
  await expect(row).toHaveAttribute('data-status', 'awaiting_letter');

  // The letter arrives: an operator types the code as written, the postmark (today, in the operator's
  // time zone) and the return address (a household of its own), and credits it.
  expect((await request.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const postmarkedOn = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const returnAddress = { streetLine: `${Date.now()} Letter Lane`, postalCode: '98101' };
  const received = await request.post('/api/operator/free-entry/letters/', { data: { code: code.toLowerCase(), postmarkedOn, returnAddress } });
  expect(received.ok(), await received.text()).toBe(true);
  const id = ((await received.json()) as { data: { request: { id: number } } }).data.request.id;
  const credited = await request.post(`/api/operator/free-entry/requests/${id}/decision/`, { data: { decision: 'credit' } });
  expect(credited.ok(), await credited.text()).toBe(true);

  // The push refreshes the list and the balance without a reload.
  await expect(row).toHaveAttribute('data-status', 'credited', { timeout: 15_000 });
  await expect.poll(() => fortuneCoins(page), { timeout: 15_000 }).toBeCloseTo(before + 6, 2);
  expect(await violations(page)).toEqual([]);

  // In Spanish, the same page speaks Spanish.
  await page.goto('/es/free-entry/');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrada gratuita' })).toBeVisible();
  await expect(page.getByText('No es necesario comprar. Una compra no mejora tus probabilidades de ganar.')).toBeVisible();
  await expect(page.getByTestId('free-entry-requests').locator('li', { hasText: code })).toContainText('Acreditada');
});
