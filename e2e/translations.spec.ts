import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, signUp, uniqueEmail, waitForHydration } from './helpers';

// Pages embed only the strings they render (apps/web/app/i18n/namespaces.ts); the rest arrives with
// client navigations and on demand. This journey watches every text the page ever shows for a raw
// translation key (a flash of untranslated text), in English and in Spanish.

const RAW_KEY = /^(common|header|balance|sidebar|bottomNav|footer|errorPage|comingSoon|features|auth|home|lobby|appUpdate|consent|terms|emailConfirmed|geoblock|registrationComplete|errors|meta|cash|account|kyc|redeem|games|gameClient|fairness)\.[\w.]+$/;

async function watchForRawKeys(page: Page): Promise<() => Promise<string[]>> {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('[i18n]')) warnings.push(message.text());
  });
  await page.addInitScript((pattern: string) => {
    const raw = new RegExp(pattern);
    const seen: string[] = [];
    (window as unknown as { __rawKeys: string[] }).__rawKeys = seen;
    const check = (node: Node) => {
      const texts: string[] = [];
      if (node.nodeType === Node.TEXT_NODE) texts.push(node.textContent ?? '');
      if (node instanceof Element) {
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
        for (const el of [node, ...node.querySelectorAll('[aria-label],[placeholder],[title]')]) {
          for (const attribute of ['aria-label', 'placeholder', 'title']) texts.push(el.getAttribute(attribute) ?? '');
        }
      }
      for (const text of texts) if (raw.test(text.trim())) seen.push(text.trim());
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') check(record.target);
        else if (record.type === 'attributes') check(record.target);
        else record.addedNodes.forEach(check);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-label', 'placeholder', 'title'] });
    document.addEventListener('DOMContentLoaded', () => check(document.documentElement));
  }, RAW_KEY.source);
  return async () => [...(await page.evaluate(() => (window as unknown as { __rawKeys?: string[] }).__rawKeys ?? [])), ...warnings];
}

/** A client-side navigation (a data request, no new document), as a link click makes one. */
async function clientNavigate(page: Page, path: string): Promise<void> {
  await waitForHydration(page);
  await page.evaluate((to) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(to), path);
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`));
}

/** Holds back the whole dictionary, so that only the slices the pages carry can show any text. */
async function withoutWholeDictionary(page: Page): Promise<() => Promise<void>> {
  const pattern = '**/api/rest/translations/**';
  await page.route(pattern, (route) => route.abort());
  return () => page.unroute(pattern);
}

test('a guest\'s pages carry their own strings: no raw key, even without the whole dictionary (en and es)', async ({ page }) => {
  const rawKeys = await watchForRawKeys(page);
  await withoutWholeDictionary(page);
  await page.goto('/');
  await expect(page.locator('#hero-title')).toBeVisible();
  for (const path of ['/signin/', '/vip/', '/fairness/', '/library/', '/signup/', '/']) {
    await clientNavigate(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await page.getByTestId('language-switcher').getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  for (const path of ['/es/signin/', '/es/vip/', '/es/']) {
    await clientNavigate(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await acceptCookies(page);
  expect(await rawKeys()).toEqual([]);
});

test('a player\'s pages embed their own strings only; the cashier waits for the rest (en and es)', async ({ page }) => {
  const rawKeys = await watchForRawKeys(page);
  await signUp(page, uniqueEmail('i18n'));
  await acceptCookies(page);
  await expect(page.locator('#welcome-title')).toBeVisible();

  // The lobby's HTML carries the lobby's strings but none of the account's, the cashier's or the game client's.
  const lobbyHtml = await page.request.get('/lobby/', { headers: { accept: 'text/html' } }).then((r) => r.text());
  expect(lobbyHtml).toContain('\\"lobby\\"');
  for (const absent of ['account', 'kyc', 'gameClient', 'fairness', 'cash']) expect(lobbyHtml, absent).not.toContain(`\\"${absent}\\"`);

  // A fresh document, then client navigations while the whole dictionary is held back.
  const release = await withoutWholeDictionary(page);
  await page.goto('/lobby/');
  for (const path of ['/account/', '/fairness/', '/tournaments/', '/lobby/']) {
    await clientNavigate(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await release();

  // The cashier (a lazy chunk) renders once the whole dictionary is there.
  await page.goto('/lobby/#/cash/deposit-by-money/');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('language-switcher').getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/lobby\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  for (const path of ['/es/account/', '/es/lobby/']) {
    await clientNavigate(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await page.goto('/es/lobby/#/cash/deposit-by-money/');
  await expect(page.getByRole('dialog')).toBeVisible();

  expect(await rawKeys()).toEqual([]);
});
