import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { THEMES as ALL_THEMES, playerHomePath } from '@sweepstack/contracts/themes';
import { baseUrl, CONSENT_GIVEN_COOKIE, signUp, skipEmailBanner, skipPresetPackageModal, skipWelcomeModals, uniqueEmail, waitForHydrationAfterGoto } from './helpers';

// Screenshot tests per theme (issue 12 §3): the guest home and the player lobby in nlc, funzCity and
// stormrush, phone and desktop, and the guest home of the six other themes on a phone and a desktop (one
// page per device, one load per theme: the part of a theme most likely to regress), against committed baselines (e2e/theme-screenshots.spec.ts-snapshots/;
// refresh them on purpose with `--update-snapshots`). Stable: a fresh database (fixed seed data), the
// themes' self-hosted typefaces loaded before the shot, animations and carets off, the parts that
// change by themselves masked (live jackpot values, last winners, the new player's generated name).
//
// With SCREENSHOTS=1 the same pages, the promotions page and the cashier are also written to
// docs/screenshots/ for README.

const THEMES = ['nlc', 'funzCity', 'stormrush'] as const;
const OTHER_THEMES = ALL_THEMES.filter((theme) => !(THEMES as readonly string[]).includes(theme));
const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
} as const;
const docs = path.resolve('docs/screenshots');

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.top < window.innerHeight && box.bottom > 0 && box.left < window.innerWidth && box.right > 0;
    });
    const loaded = Promise.all(inView.map((img) => (img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })))));
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
  // The rows mount after hydration (idle): give them a moment, then the carousels settle.
  await page.waitForTimeout(400);
}

async function devicePage(browser: Browser, device: keyof typeof DEVICES, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Page> {
  const context = await browser.newContext({ ...DEVICES[device], reducedMotion: 'reduce', storageState });
  await context.addCookies([{ name: CONSENT_GIVEN_COOKIE, value: 'true', url: baseUrl() }]);
  const page = await context.newPage();
  await skipPresetPackageModal(page);
  await skipWelcomeModals(page);
  // A new player's unconfirmed email shows its banner above the page (docs/auth.md); the baselines are of the page itself.
  await skipEmailBanner(page);
  waitForHydrationAfterGoto(page);
  return page;
}

// The player's promotion cards too: which ones show and their countdowns follow the clock and the features' state.
const masks = (page: Page) => [page.getByTestId('jackpot-ticker'), page.getByTestId('last-winners'), page.locator('#welcome-title'), page.getByTestId('home-promotions-cards')];

for (const theme of THEMES) {
  test(`${theme}: guest home and player lobby look as committed, phone and desktop`, async ({ browser, page }) => {
    test.setTimeout(180_000);
    for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
      const guest = await devicePage(browser, device);
      await guest.goto(`/?theme=${theme}`);
      await settle(guest);
      await expect(guest).toHaveScreenshot(`home-${theme}-${device}.png`, { animations: 'disabled', caret: 'hide', mask: masks(guest), maxDiffPixelRatio: 0.01 });
      if (process.env.SCREENSHOTS) {
        mkdirSync(docs, { recursive: true });
        await guest.screenshot({ path: path.join(docs, `home-${theme}-${device}.png`), animations: 'disabled' });
      }
      await guest.context().close();
    }
    await page.goto(`/?theme=${theme}`);
    await signUp(page, uniqueEmail(`shots-${theme}`));
    const state = await page.context().storageState();
    for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
      const player = await devicePage(browser, device, state);
      await player.goto(`/lobby/?theme=${theme}`);
      await settle(player);
      // A new player always has cards (the identity check, the welcome offer): the masked row is in place.
      await expect(player.getByTestId('home-promotions-cards')).toBeVisible();
      await expect(player).toHaveScreenshot(`lobby-${theme}-${device}.png`, { animations: 'disabled', caret: 'hide', mask: masks(player), maxDiffPixelRatio: 0.01 });
      if (process.env.SCREENSHOTS) {
        await player.screenshot({ path: path.join(docs, `lobby-${theme}-${device}.png`), animations: 'disabled' });
        await player.goto(`/promotions/?theme=${theme}`);
        await expect(player.getByTestId('promotions-ready')).toBeVisible();
        await settle(player);
        await player.screenshot({ path: path.join(docs, `promotions-${theme}-${device}.png`), animations: 'disabled' });
        await player.getByRole('link', { name: 'Buy' }).first().click();
        await expect(player.getByTestId('cash-packages')).toBeVisible();
        await settle(player);
        await player.screenshot({ path: path.join(docs, `cashier-${theme}-${device}.png`), animations: 'disabled' });
      }
      await player.context().close();
    }
  });
}

test(`the other themes (${OTHER_THEMES.join(', ')}): guest home on a phone and a desktop looks as committed`, async ({ browser }) => {
  test.setTimeout(240_000);
  // One context and page per device for all of them: the development server switches the theme with ?theme=.
  for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
    const guest = await devicePage(browser, device);
    for (const theme of OTHER_THEMES) {
      await guest.goto(`/?theme=${theme}`);
      await settle(guest);
      await expect(guest).toHaveScreenshot(`home-${theme}-${device}.png`, { animations: 'disabled', caret: 'hide', mask: masks(guest), maxDiffPixelRatio: 0.01 });
    }
    await guest.context().close();
  }
});

test(`the other themes (${OTHER_THEMES.join(', ')}): the player's home on a phone looks as committed`, async ({ browser, page }) => {
  test.setTimeout(240_000);
  // One player, one phone page: the lobby, or the index page in themes without a lobby (tao, funrize).
  await page.goto('/?theme=nlc');
  await signUp(page, uniqueEmail('shots-others'));
  const player = await devicePage(browser, 'phone', await page.context().storageState());
  for (const theme of OTHER_THEMES) {
    await player.goto(`${playerHomePath(theme)}?theme=${theme}`);
    await settle(player);
    await expect(player.getByTestId('home-promotions-cards')).toBeVisible();
    await expect(player).toHaveScreenshot(`lobby-${theme}-phone.png`, { animations: 'disabled', caret: 'hide', mask: masks(player), maxDiffPixelRatio: 0.01 });
  }
  await player.context().close();
});
