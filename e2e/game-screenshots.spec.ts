import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type FrameLocator } from '@playwright/test';
import { signUp, skipPresetPackageModal, uniqueEmail, waitForHydrationAfterGoto } from './helpers';

// Screenshots of a game mid-win, for docs/screenshots/ (issue 12): run once per theme, e.g.
// `SCREENSHOTS=1 THEME=funzCity npx playwright test e2e/game-screenshots.spec.ts`. Skipped otherwise:
// it writes files into the repository.
const theme = process.env.THEME ?? 'nlc';
const GAME: Record<string, string> = { nlc: 'reef-raiders', funzCity: 'orchard-fiesta', stormrush: 'hall-of-the-storm-king' };
const out = path.resolve('docs/screenshots');

test.skip(!process.env.SCREENSHOTS, 'writes docs/screenshots/: run with SCREENSHOTS=1');

/** Spins until a round wins, then waits for the win lines to draw: the game mid-win. */
async function spinToWin(client: FrameLocator): Promise<void> {
  const root = client.getByTestId('game-client');
  for (let i = 0; i < 60; i++) {
    await expect(root).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
    const before = Number(await root.getAttribute('data-spins'));
    await client.getByTestId('spin').click();
    // Stop on the win itself (the reels have landed, lines and symbols animate), celebration or not.
    const won = client.getByTestId('win-banner').or(client.getByTestId('celebration'));
    const result = await Promise.race([
      won.first().waitFor({ state: 'visible', timeout: 30_000 }).then(() => 'win' as const),
      expect.poll(async () => Number(await root.getAttribute('data-spins')), { timeout: 30_000 }).toBeGreaterThan(before).then(() => 'spun' as const),
    ]);
    if (result === 'win' || (await won.first().isVisible())) return;
  }
  throw new Error('no win in 60 spins');
}

async function shoot(browser: Browser, device: 'phone' | 'desktop', state: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const phone = device === 'phone';
  const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 }, isMobile: phone, hasTouch: phone, storageState: state });
  const page = await context.newPage();
  await skipPresetPackageModal(page);
  waitForHydrationAfterGoto(page);
  await page.goto(`/lobby/?game=${GAME[theme] ?? 'reef-raiders'}`);
  const client = page.frameLocator('[data-testid="game-frame"]');
  await expect(client.getByTestId('game-client')).toBeVisible({ timeout: 20_000 });
  await spinToWin(client);
  await page.waitForTimeout(900);
  mkdirSync(out, { recursive: true });
  await page.screenshot({ path: path.join(out, `game-mid-win-${theme}-${device}.png`) });
  await context.close();
}

test(`a game mid-win in ${theme}, phone and desktop`, async ({ browser, page }) => {
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('shots'));
  const state = await page.context().storageState();
  await shoot(browser, 'phone', state);
  await shoot(browser, 'desktop', state);
});
