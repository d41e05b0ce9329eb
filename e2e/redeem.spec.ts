import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** The header's Fortune Coins as a number (2 decimals). */
async function fortuneCoins(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance-fortune').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

/** The signed-in player (page's cookies) uploads a document and an operator approves it (operator API, its own cookie). */
async function verify(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const uploaded = await page.request.post('/rest/player/documents/', { multipart: { file: { name: 'id.pdf', mimeType: 'application/pdf', buffer: PDF } } });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  expect((await request.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const pending = (await (await request.get('/api/operator/documents/?status=pending')).json()) as { data: { id: number; playerEmail: string }[] };
  const document = pending.data.find((d) => d.playerEmail === email);
  expect(document).toBeDefined();
  expect((await request.post(`/api/operator/documents/${document?.id}/approve/`, { data: {} })).ok()).toBe(true);
}

async function redeemable(page: Page): Promise<number> {
  const answer = (await (await page.request.get('/rest/cash/redeem/')).json()) as { data: { redeemable: number } };
  return answer.data.redeemable;
}

/**
 * Winnings through the real flows: a purchase (sandbox provider, credited by its webhook) gives bonus
 * Fortune Coins that must be played once; Fortune Coin spins of a low-volatility game play them and
 * credit their wins as redeemable winnings. Spins until `target` hundredths are redeemable.
 */
async function winFortuneCoins(page: Page, target: number): Promise<void> {
  const bought = await page.request.post('/rest/cash/deposit/', { data: { presetId: 'gc-500k', methodId: 'apple_pay', idempotencyKey: `e2e-redeem-${Date.now()}` } });
  expect(bought.ok(), await bought.text()).toBe(true);
  const catalogue = (await (await page.request.get('/rest/get-game-filters/')).json()) as { data: { games: { id: number; slug: string }[] } };
  const game = catalogue.data.games.find((g) => g.slug === 'frostbar-five');
  expect(game).toBeDefined();
  const launch = await page.request.get(`/rest/game/${game?.id}/play/?isMoney=true`);
  expect(launch.ok(), await launch.text()).toBe(true);
  const { session, bets } = ((await launch.json()) as { data: { session: string; bets: { min: number; max: number; divisor: number } } }).data;
  const bet = Math.min(Math.max(100, bets.min), bets.max);
  for (let i = 0; i < 1500; i += 1) {
    const spin = await page.request.post(`/rest/game/${game?.id}/spin/`, { data: { session, bet, idempotencyKey: `e2e-spin-${Date.now()}-${i}` } });
    if (!spin.ok()) {
      const code = ((await spin.json()) as { error: { code: string } }).error.code;
      // The purchase's webhook may not have credited the coins yet.
      expect(code).toBe('WALLET_INSUFFICIENT_FUNDS');
      await page.waitForTimeout(250);
    }
    if (i % 10 === 9 && (await redeemable(page)) >= target) return;
  }
  throw new Error(`fewer than ${target} redeemable hundredths after 1500 spins`);
}

test('redeem with winnings below every minimum shows the insufficient withdrawal modal (keyboard, English and Spanish)', async ({ page, request }) => {
  const email = uniqueEmail('redeem-low');
  await signUp(page, email);
  await verify(page, request, email);
  expect((await page.request.get('/rest/player/game-mode/switch-to-sweep-stakes/')).ok()).toBe(true);

  await page.goto('/account/#/cash/redeem/');
  const modal = page.getByRole('dialog', { name: 'Not enough winnings to redeem yet' });
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute('aria-describedby', /.+/);
  await expect(modal).toContainText('You have 0.00 Fortune Coins of winnings you can redeem.');
  await expect(modal).toContainText('Gift card');
  await expect(modal).toContainText('Minimum 50.00 · 50.00 more needed');
  await expect(modal).toContainText('Bank transfer');
  await expect(modal).toContainText('Minimum 100.00 · 100.00 more needed');
  // No form that can only fail: the notice stands in for it.
  await expect(page.getByTestId('redeem-form')).toHaveCount(0);
  await expect(page.getByTestId('redeem-insufficient')).toBeVisible();

  // Keyboard: focus is inside the dialog, Tab stays in it, Escape closes it and leaves the cash widget open.
  await expect.poll(() => modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('cash-widget')).toBeVisible();

  // The notice reopens it from the keyboard; its Close button closes it.
  await page.getByRole('button', { name: 'See the minimums' }).focus();
  await page.keyboard.press('Enter');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(modal).toBeHidden();

  // Spanish.
  await page.goto('/es/account/#/cash/redeem/');
  const esModal = page.getByRole('dialog', { name: 'Todavía no tienes ganancias suficientes para canjear' });
  await expect(esModal).toBeVisible();
  await expect(esModal).toContainText('Tarjeta regalo');
  await expect(esModal.getByRole('link', { name: 'Jugar' })).toBeVisible();
});

test('a verified player with winnings places a redemption: pending in history, the header balance drops, the ledger stays balanced', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('redeem-ok');
  await signUp(page, email);
  await verify(page, request, email);
  expect((await page.request.get('/rest/player/game-mode/switch-to-sweep-stakes/')).ok()).toBe(true);
  await winFortuneCoins(page, 6_000);

  await page.goto('/account/#/cash/redeem/');
  const panel = page.getByTestId('redeem-panel');
  await expect(page.getByTestId('redeem-form')).toBeVisible();
  await expect(page.getByTestId('insufficient-withdrawal')).toHaveCount(0);
  const available = Number(((await panel.getByTestId('redeem-available').textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(available).toBeGreaterThanOrEqual(60);
  await expect.poll(() => fortuneCoins(page)).toBeGreaterThan(0);
  // Let the header's counter settle before reading it.
  await page.waitForTimeout(2_100);
  const before = await fortuneCoins(page);

  await page.getByLabel('Amount (Fortune Coins)').fill('50');
  await page.getByLabel('Email for the gift card').fill(email);
  await page.getByTestId('redeem-form').getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByText('Redemption requested')).toBeVisible();

  // Pending in the widget's history, and the header follows the balance push without a reload.
  const pendingList = page.getByTestId('redeem-pending-list');
  await expect(pendingList).toContainText('50.00');
  await expect(pendingList).toContainText('Gift card');
  await expect.poll(() => fortuneCoins(page), { timeout: 10_000 }).toBeCloseTo(before - 50, 2);
  await expect.poll(async () => Number(((await panel.getByTestId('redeem-available').textContent()) ?? '').replace(/[^\d.]/g, ''))).toBeCloseTo(available - 50, 2);

  // The server's view: one pending redemption holding 50.00 FC, a pending hold in the transaction history.
  const info = (await (await page.request.get('/rest/cash/redeem/')).json()) as { data: { pending: { amount: number; method: string; status: string }[] } };
  expect(info.data.pending).toEqual([expect.objectContaining({ amount: 5_000, method: 'gift_card', status: 'pending' })]);
  const history = (await (await page.request.get('/rest/player/transactions/?limit=20')).json()) as { data: { items: { type: string; state?: string }[] } };
  expect(history.data.items.find((item) => item.type === 'redemption')).toMatchObject({ state: 'pending' });

  // Every ledger invariant on the server's database (the e2e server runs on a SQLite file).
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) {
    const audit = spawnSync('npm', ['run', '--silent', 'audit:ledger'], { env: { ...process.env, DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}` }, encoding: 'utf8' });
    expect(audit.status, `${audit.stdout}\n${audit.stderr}`).toBe(0);
  }
});

test('a cooling-off period from the responsible play page: confirmation, then purchases and redeem say why they are paused', async ({ page }) => {
  await signUp(page, uniqueEmail('cool-off'));
  await page.goto('/account/responsible-play/');
  const section = page.getByTestId('exclusion-section');
  await expect(section.getByRole('heading', { name: 'Take a break' })).toBeVisible();
  await section.getByLabel('7 days').check();
  await section.getByRole('button', { name: 'Start a cooling-off period' }).click();

  // The confirmation step says what it blocks and that it cannot be undone; Cancel starts nothing.
  const confirm = page.getByRole('dialog', { name: 'Start a cooling-off period of 7 days?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('It cannot be shortened or lifted early');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('exclusion-active')).toHaveCount(0);

  await section.getByRole('button', { name: 'Start a cooling-off period' }).click();
  await confirm.getByRole('button', { name: 'Yes, start my cooling-off period' }).click();
  await expect(page.getByText('Your cooling-off period has started')).toBeVisible();
  await expect(page.getByTestId('exclusion-active')).toContainText('You are on a cooling-off period until');

  // A shorter one is refused with the catalogue's message.
  await section.getByLabel('24 hours').check();
  await section.getByRole('button', { name: 'Start a cooling-off period' }).click();
  const shorter = page.getByRole('dialog', { name: 'Start a cooling-off period of 24 hours?' });
  await shorter.getByRole('button', { name: 'Yes, start my cooling-off period' }).click();
  await expect(page.getByTestId('exclusion-error')).toHaveText('Your current break lasts at least as long. A break cannot be shortened or lifted early.');

  // It survives a reload; the cashbox and redeem explain the pause.
  await page.reload();
  await expect(page.getByTestId('exclusion-active')).toBeVisible();
  await page.goto('/account/#/cash/deposit-by-money/');
  await expect(page.getByTestId('cash-break-notice')).toContainText('Purchases are paused during your cooling-off period.');
  await page.evaluate(() => {
    window.location.hash = '#/cash/redeem/';
  });
  await expect(page.getByTestId('redeem-refused')).toContainText('Redeeming is paused during your cooling-off period.');
});
