import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { CONSENT_GIVEN_COOKIE, baseUrl, dismissSeasonCelebrations, signUp, skipWelcomeModals, uniqueEmail, waitForHydration } from './helpers';

// Issue 12, item 3: a Spanish page shows no English. Generic: every visible text node and every
// screen-reader text (aria-label, title, alt, placeholder) of a Spanish page is compared with
//  - the English dictionary's values that the Spanish dictionary words differently, and
//  - the texts of the same page in English (operator content: banners, collections, descriptions),
// less proper names (game titles, studio names, the brand), numbers and the player's own name.

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Every string of a dictionary (the flat file and the per-namespace folder), by dotted key. */
function dictionary(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') out.set(prefix, value);
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, prefix ? `${prefix}.${key}` : key);
  };
  const base = path.join(ROOT, 'content', 'translations');
  walk(JSON.parse(readFileSync(path.join(base, `${locale}.json`), 'utf8')), '');
  const folder = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) folder(full, `${prefix}${name}.`);
      else if (name.endsWith('.json')) walk(JSON.parse(readFileSync(full, 'utf8')), `${prefix}${name.slice(0, -5)}`);
    }
  };
  folder(path.join(base, locale), '');
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English values the Spanish dictionary words differently, as whole-text patterns (`{{x}}` matches anything). */
function englishPatterns(): RegExp[] {
  const en = dictionary('en');
  const es = dictionary('es');
  const patterns: RegExp[] = [];
  for (const [key, value] of en) {
    if (es.get(key) === value) continue;
    // Needs a word of its own: a value that is only placeholders and punctuation says nothing English.
    const words = value.replace(/\{\{[^}]+\}\}/g, ' ').match(/[A-Za-z]{3,}/g);
    if (!words) continue;
    patterns.push(new RegExp(`^${value.split(/\{\{[^}]+\}\}/).map(escapeRegExp).join('.+')}$`, 's'));
  }
  return patterns;
}

/**
 * Texts a Spanish page may show as they are: the Spanish dictionary's own values, and proper names
 * that read the same in every language (game titles, studio names, the brands of the themes, the
 * language switcher's names of each language in itself, social networks, the Hold'n'Link feature).
 */
function allowed(): { exact: Set<string>; patterns: RegExp[] } {
  const catalogue = JSON.parse(readFileSync(path.join(ROOT, 'content', 'games', 'catalogue.json'), 'utf8')) as { studios: { name: string }[]; games: { title: string }[] };
  const themes = readFileSync(path.join(ROOT, 'packages', 'contracts', 'src', 'themes.ts'), 'utf8');
  const brands = [...(/DISPLAY_NAMES[^{]*\{([^}]*)\}/.exec(themes)?.[1] ?? '').matchAll(/:\s*'([^']+)'/g)].map((match) => match[1]!);
  const spanish = [...dictionary('es').values()];
  return {
    exact: new Set([
      ...catalogue.games.map((game) => game.title),
      ...catalogue.studios.map((studio) => studio.name),
      ...brands,
      ...spanish.filter((value) => !value.includes('{{')),
      'English',
      'Español',
      'facebook',
      'instagram',
      'youtube',
      'twitter',
      'tiktok',
      "Hold'n'Link",
    ]),
    patterns: spanish.filter((value) => value.includes('{{')).map((value) => new RegExp(`^${value.split(/\{\{[^}]+\}\}/).map(escapeRegExp).join('.+')}$`, 's')),
  };
}

/** Visible texts and screen-reader texts of a page or frame (text nodes trimmed; hidden ones left out). */
function textsOf(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() => {
    const texts: string[] = [];
    const visible = (element: Element | null) => {
      for (let node = element; node; node = node.parentElement) {
        if (node.getAttribute('aria-hidden') === 'true') return false;
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
      }
      return element !== null && element.getClientRects().length > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      // Formulas and seeds (the fairness page's code and hashes) are in no language.
      if (parent.closest('pre, code, .font-mono')) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text && visible(parent)) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], img[alt], [placeholder]')) {
      if (element.closest('[aria-hidden="true"]')) continue;
      for (const attribute of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = element.getAttribute(attribute)?.replace(/\s+/g, ' ').trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

interface Checker {
  patterns: RegExp[];
  allowed: { exact: Set<string>; patterns: RegExp[] };
  own: string[];
}

/** The texts of the Spanish page that are English: dictionary values, or the English page's own texts. */
function englishOn(spanish: string[], english: string[], checker: Checker): string[] {
  const englishTexts = new Set(english);
  const found = new Set<string>();
  for (const text of spanish) {
    if (checker.allowed.exact.has(text) || checker.allowed.patterns.some((pattern) => pattern.test(text)) || checker.own.some((own) => text.includes(own))) continue;
    // Numbers, amounts, times and codes: no word of three letters.
    if (!/[A-Za-z]{3,}/.test(text)) continue;
    if (checker.patterns.some((pattern) => pattern.test(text)) || englishTexts.has(text)) found.add(text);
  }
  return [...found];
}

/** Texts (on the page and in its game frame, if any) once the page has settled. */
async function settledTexts(page: Page, withGame: boolean): Promise<string[]> {
  await waitForHydration(page);
  if (!withGame) {
    await page.waitForTimeout(300);
    return textsOf(page);
  }
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('game-client')).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByTestId('game-client')).toHaveAttribute('data-busy', 'false');
  const handle = await page.locator('[data-testid="game-frame"]').elementHandle();
  const inner = await handle!.contentFrame();
  return [...(await textsOf(page)), ...(inner ? await textsOf(inner) : [])];
}

test('item 3: no English on Spanish pages (home, lobby, the game window with its panels, catalogue, account, VIP, fairness), at 390 and 1440 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const checker: Checker = { patterns: englishPatterns(), allowed: allowed(), own: [] };
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
      const english = await settledTexts(page, withGame);
      await page.goto(`/es${pathname}`);
      const spanish = await settledTexts(page, withGame);
      for (const text of englishOn(spanish, english, checker)) problems.push(`/es${pathname} at ${width} px: "${text}"`);
      if (withGame) {
        // The game's panels: paytable and rules, round history.
        const frame = page.frameLocator('[data-testid="game-frame"]');
        const handle = await page.locator('[data-testid="game-frame"]').elementHandle();
        const inner = (await handle!.contentFrame())!;
        for (const panel of ['paytable', 'history']) {
          await frame.getByTestId(panel).click();
          await page.waitForTimeout(300);
          for (const text of englishOn(await textsOf(inner), english, checker)) problems.push(`/es${pathname} ${panel} panel at ${width} px: "${text}"`);
          await inner.page().keyboard.press('Escape');
        }
      }
      await page.close();
    }
    await guest.close();
    await player.close();
  }
  expect([...new Set(problems)]).toEqual([]);
});
