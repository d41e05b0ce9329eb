import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

// Game feel (issue 12): the animations present the server's round and land exactly on it; a bought
// feature opens with its intro and ends on its total; the sound choice is remembered.

interface SpinAnswer {
  data: { win: number; outcome: { grid: string[][]; featureWin: number; features: { featureEnded: boolean } } };
}

async function openGame(page: Page, slug: string) {
  await page.goto(`/lobby/?game=${slug}`);
  const client = page.frameLocator('[data-testid="game-frame"]');
  await expect(client.getByTestId('game-client')).toBeVisible({ timeout: 20_000 });
  await expect(client.getByTestId('game-client')).toHaveAttribute('data-busy', 'false', { timeout: 20_000 });
  return client;
}

/** The symbol ids the reels show, reel by reel, from their image files. */
async function shownGrid(page: Page): Promise<string[][]> {
  const frame = page.frames().find((f) => f.url().includes('/games/'));
  if (!frame) throw new Error('no game frame');
  return frame.evaluate(() =>
    [...document.querySelectorAll('[data-testid="reels"] > div')].map((reel) => [...reel.querySelectorAll('img')].map((img) => /\/([A-Z0-9]+)\.svg$/.exec(img.getAttribute('src') ?? '')?.[1] ?? '?')),
  );
}

test("the reels land exactly on the server's grid, spin after spin", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('feel'));
  const client = await openGame(page, 'reef-raiders');
  const root = client.getByTestId('game-client');
  for (let i = 0; i < 3; i++) {
    const answer = page.waitForResponse((r) => r.url().includes('/spin/') && r.request().method() === 'POST');
    const before = Number(await root.getAttribute('data-spins'));
    await client.getByTestId('spin').click();
    const round = ((await (await answer).json()) as SpinAnswer).data;
    await expect.poll(async () => Number(await root.getAttribute('data-spins')), { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await shownGrid(page)).toEqual(round.outcome.grid);
  }
});

test('a bought feature opens with its intro, plays out by itself and ends on its total', async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('feel-buy'));
  const client = await openGame(page, 'reef-raiders');
  const rounds: SpinAnswer['data'][] = [];
  page.on('response', (r) => {
    if (r.url().includes('/spin/') && r.request().method() === 'POST') void r.json().then((b: SpinAnswer) => rounds.push(b.data)).catch(() => undefined);
  });
  await client.getByTestId('bonus-buy').click();
  await client.getByTestId('bonus-buy-confirm').click();
  const screen = client.getByTestId('celebration');
  await expect(screen).toHaveAttribute('data-kind', 'featureIntro', { timeout: 30_000 });
  await expect(screen.getByRole('heading')).toHaveText(/free spins/i);
  await screen.getByRole('button').click();
  // Free spins play by themselves; big wins may show on the way; the last screen is the total.
  await expect(client.locator('[data-testid="celebration"][data-kind="featureTotal"]')).toBeVisible({ timeout: 180_000 });
  const last = rounds.find((r) => r.outcome.features.featureEnded);
  expect(last).toBeDefined();
  const total = Math.max(last!.outcome.featureWin, last!.win);
  await expect(client.getByTestId('celebration-amount')).toHaveText(total.toLocaleString('en-US'), { timeout: 10_000 });
  // The total closes by itself after a few seconds (a slow machine may get there first): clicking
  // only hurries it. A first click finishes a counter still rolling, a second closes the screen.
  await screen.getByRole('button').click({ timeout: 2_000 }).catch(() => undefined);
  await screen.getByRole('button').click({ timeout: 2_000 }).catch(() => undefined);
  await expect(client.getByTestId('game-client')).toHaveAttribute('data-busy', 'false', { timeout: 20_000 });
});

test('sound is off at first and the choice is remembered', async ({ page }) => {
  await signUp(page, uniqueEmail('feel-sound'));
  let client = await openGame(page, 'orchard-fiesta');
  await expect(client.getByTestId('sound')).toHaveAttribute('aria-pressed', 'false');
  await client.getByTestId('sound').click();
  await expect(client.getByTestId('sound')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  client = await openGame(page, 'orchard-fiesta');
  await expect(client.getByTestId('sound')).toHaveAttribute('aria-pressed', 'true');
});

test('hold and link: the coins already locked stay still while the other cells respin, and the feature ends on its total', async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('feel-link'));
  const client = await openGame(page, 'star-forge-link');
  await client.getByTestId('bonus-buy').click();
  await client.getByTestId('bonus-buy-confirm').click();
  const screen = client.getByTestId('celebration');
  await expect(screen).toHaveAttribute('data-kind', 'featureIntro', { timeout: 30_000 });
  await screen.getByRole('button').click();
  // The first respin: at least the six coins that started the feature stand still over the spinning reels.
  await expect.poll(async () => client.getByTestId('held-cell').count(), { timeout: 20_000, intervals: [50] }).toBeGreaterThanOrEqual(6);
  await expect(client.locator('[data-testid="celebration"][data-kind="featureTotal"], [data-testid="celebration"][data-kind="jackpot"]').first()).toBeVisible({ timeout: 180_000 });
});
