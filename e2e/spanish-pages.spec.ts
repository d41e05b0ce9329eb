import { expect, test, type Page } from '@playwright/test';
import { CONSENT_GIVEN_COOKIE, baseUrl, device, dismissSeasonCelebrations, signUp, skipWelcomeModals, uniqueEmail } from './helpers';
import { englishOn, settledTexts, spanishChecker, textsOf, type Checker } from './spanish-text';

// Issue 12, item 3: a Spanish page shows no English (the check: e2e/spanish-text.ts).

test('item 3: no English on Spanish pages (home, lobby, the game window with its panels, catalogue, account, VIP, fairness), at 390 and 1440 px', async ({ browser }) => {
  // Twelve pages twice each at two sizes: minutes on a busy CI host.
  test.setTimeout(360_000);
  const checker: Checker = spanishChecker();
  // A game title left in English fails the check, alone (a tile) or inside a Spanish sentence (a label).
  expect(englishOn(['Reef Raiders', 'Añadir Reef Raiders a favoritos', 'Asaltantes del Arrecife', 'Añadir Asaltantes del Arrecife a favoritos'], [], checker)).toEqual(['Reef Raiders', 'Añadir Reef Raiders a favoritos']);
  const setup = await browser.newPage();
  const email = uniqueEmail('espanol');
  await signUp(setup, email);
  const state = await setup.context().storageState();
  // The player's own name and address are theirs, not English.
  checker.own = [email, ...(await setup.evaluate(() => document.querySelector('#welcome-title')?.textContent ?? '').then((title) => title.match(/Player\d+/g) ?? []))];
  await setup.context().close();

  const problems: string[] = [];
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    const guest = await browser.newContext({ viewport: { width, height }, isMobile: width < 768, hasTouch: width < 768 });
    const player = await browser.newContext({ viewport: { width, height }, isMobile: width < 768, hasTouch: width < 768, storageState: state });
    for (const context of [guest, player]) {
      await context.addCookies([
        { name: CONSENT_GIVEN_COOKIE, value: 'true', url: baseUrl() },
        { name: 'presetPackageModal', value: '1', url: baseUrl() },
      ]);
    }
    const pages: Array<[typeof guest, string, boolean]> = [
      [guest, '/', false],
      [guest, '/signup/', false],
      [player, '/lobby/', false],
      [player, '/lobby/?game=reef-raiders', true],
      // Catalogue and account pages, once (their layout is the same at both sizes).
      ...(width === 1440
        ? ([
            [player, '/library/?category=popular-games', false],
            [player, '/library/?category=providers', false],
            [player, '/issues/jackpot/', false],
            [player, '/account/', false],
            [player, '/vip/', false],
            [player, '/fairness/', false],
          ] as Array<[typeof guest, string, boolean]>)
        : []),
    ];
    for (const [context, pathname, withGame] of pages) {
      const page = await context.newPage();
      // The features' daily welcomes (and a season another test started) would cover the game's panels.
      await skipWelcomeModals(page);
      await dismissSeasonCelebrations(page);
      await page.goto(pathname);
      // The English page's texts, its game's panels included (a description or rule left in English
      // on the Spanish panel is found only by comparing with the English panel).
      const english = [...(await settledTexts(page, withGame)), ...(withGame ? Object.values(await panelTexts(page)).flat() : [])];
      await page.goto(`/es${pathname}`);
      const spanish = await settledTexts(page, withGame);
      for (const text of englishOn(spanish, english, checker)) problems.push(`/es${pathname} at ${width} px: "${text}"`);
      if (withGame) {
        // The game's panels: paytable and rules (the game's description first), round history.
        for (const [panel, texts] of Object.entries(await panelTexts(page))) {
          for (const text of englishOn(texts, english, checker)) problems.push(`/es${pathname} ${panel} panel at ${width} px: "${text}"`);
        }
      }
      await page.close();
    }
    await guest.close();
    await player.close();
  }
  expect([...new Set(problems)]).toEqual([]);
});

/** The texts of the game window's panels (paytable and rules, round history), each opened and closed. */
async function panelTexts(page: Page): Promise<Record<string, string[]>> {
  const frame = page.frameLocator('[data-testid="game-frame"]');
  const handle = await page.locator('[data-testid="game-frame"]').elementHandle();
  const inner = (await handle!.contentFrame())!;
  const out: Record<string, string[]> = {};
  for (const panel of ['paytable', 'history']) {
    await frame.getByTestId(panel).click();
    await page.waitForTimeout(300);
    out[panel] = await textsOf(inner);
    await inner.page().keyboard.press('Escape');
  }
  return out;
}

test('item 3: on a Spanish page the search finds games by their Spanish titles and opens them titled in Spanish', async ({ browser }) => {
  test.setTimeout(90_000);
  const setup = await browser.newPage();
  await signUp(setup, uniqueEmail('busca'));
  const state = await setup.context().storageState();
  await setup.context().close();
  const { context, page } = await device(browser, 1440, 900, { storageState: state });
  await page.goto('/es/lobby/');
  await expect(page.getByTestId('game-title').filter({ hasText: 'Asaltantes del Arrecife' }).first()).toBeVisible();
  await expect(page.getByTestId('game-title').filter({ hasText: 'Reef Raiders' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Buscar juegos' }).click();
  await page.keyboard.type('arrecife');
  const dialog = page.getByRole('dialog');
  const hit = dialog.getByRole('link', { name: /Asaltantes del Arrecife/ });
  await expect(hit).toBeVisible();
  await expect(dialog.getByText('Reef Raiders')).toHaveCount(0);
  await hit.click();
  // The game window: its frame and the client's own title in Spanish.
  await expect(page.locator('iframe[title="Asaltantes del Arrecife"]')).toBeVisible({ timeout: 20_000 });
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('game-client')).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByText('Asaltantes del Arrecife').first()).toBeAttached();
  await context.close();
});
