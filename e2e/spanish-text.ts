import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type Frame, type Page } from '@playwright/test';
import { waitForHydration } from './helpers';

// The English-on-a-Spanish-page check (issue 12, item 3), shared by the browser tests: every visible
// text node and every screen-reader text (aria-label, title, alt, placeholder) of a Spanish page is
// compared with
//  - the English dictionary's values that the Spanish dictionary words differently, and
//  - the texts of the same page in English (operator content: banners, collections, descriptions,
//    the VIP sections' names),
// less proper names (game titles, studio names, the brand), numbers and the player's own name.

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Every string of a dictionary (the flat file and the per-namespace folder), by dotted key. */
export function dictionary(locale: string): Map<string, string> {
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
export function englishPatterns(): RegExp[] {
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
 * The games' and studios' English names that have a Spanish one (operator data,
 * content/games/titles-es.json): English on a Spanish page wherever they appear, even inside a
 * Spanish sentence ("Añadir Reef Raiders a favoritos"). The others are brands that read the same in
 * every language.
 */
export function englishNames(): { english: string[]; brands: string[] } {
  const catalogue = JSON.parse(readFileSync(path.join(ROOT, 'content', 'games', 'catalogue.json'), 'utf8')) as { studios: { slug: string; name: string }[]; games: { slug: string; title: string }[] };
  const spanish = JSON.parse(readFileSync(path.join(ROOT, 'content', 'games', 'titles-es.json'), 'utf8')) as { games: Record<string, string>; studios?: Record<string, string> };
  const names = [...catalogue.games.map((game) => ({ name: game.title, es: spanish.games[game.slug] })), ...catalogue.studios.map((studio) => ({ name: studio.name, es: spanish.studios?.[studio.slug] }))];
  return { english: names.filter((n) => n.es && n.es !== n.name).map((n) => n.name), brands: names.filter((n) => !n.es || n.es === n.name).map((n) => n.name) };
}

/**
 * Texts a Spanish page may show as they are: the Spanish dictionary's own values, and proper names
 * that read the same in every language (studio names without a Spanish one, the brands of the themes, the
 * language switcher's names of each language in itself, social networks, the Hold'n'Link feature).
 * Game titles are not among them: each has its Spanish title.
 */
export function allowed(): { exact: Set<string>; patterns: RegExp[] } {
  const themes = readFileSync(path.join(ROOT, 'packages', 'contracts', 'src', 'themes.ts'), 'utf8');
  const brands = [...(/DISPLAY_NAMES[^{]*\{([^}]*)\}/.exec(themes)?.[1] ?? '').matchAll(/:\s*'([^']+)'/g)].map((match) => match[1]!);
  const spanish = [...dictionary('es').values()];
  return {
    exact: new Set([
      ...englishNames().brands,
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
export function textsOf(target: Page | Frame): Promise<string[]> {
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

export interface Checker {
  patterns: RegExp[];
  /** English names of games and studios that have a Spanish one: English wherever they appear. */
  names: string[];
  allowed: { exact: Set<string>; patterns: RegExp[] };
  own: string[];
}

/** The texts of the Spanish page that are English: dictionary values, or the English page's own texts. */
export function englishOn(spanish: string[], english: string[], checker: Checker): string[] {
  const englishTexts = new Set(english);
  const found = new Set<string>();
  for (const text of spanish) {
    if (checker.names.some((name) => text.includes(name))) {
      found.add(text);
      continue;
    }
    if (checker.allowed.exact.has(text) || checker.allowed.patterns.some((pattern) => pattern.test(text)) || checker.own.some((own) => text.includes(own))) continue;
    // Numbers, amounts, times and codes: no word of three letters.
    if (!/[A-Za-z]{3,}/.test(text)) continue;
    if (checker.patterns.some((pattern) => pattern.test(text)) || englishTexts.has(text)) found.add(text);
  }
  return [...found];
}

/** Texts (on the page and in its game frame, if any) once the page has settled. */
export async function settledTexts(page: Page, withGame: boolean): Promise<string[]> {
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

/** A checker with the dictionaries and proper names; `own`: the player's own texts (email, name). */
export function spanishChecker(own: string[] = []): Checker {
  return { patterns: englishPatterns(), names: englishNames().english, allowed: allowed(), own };
}

/**
 * The English texts `page` shows at `/es<pathname>`: it loads `pathname` in English first (the page's
 * own texts, operator content among them), then in Spanish. Answers the offending texts (none: `[]`).
 */
export async function englishOnSpanishPage(page: Page, pathname: string, checker: Checker = spanishChecker()): Promise<string[]> {
  await page.goto(pathname);
  const english = await settledTexts(page, false);
  await page.goto(`/es${pathname}`);
  return englishOn(await settledTexts(page, false), english, checker);
}
