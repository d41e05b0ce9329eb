import { expect, test } from '@playwright/test';
import { acceptCookies } from './helpers';

const THEMES = ['nlc', 'tao', 'stormrush'] as const;

test('three themes render distinctly', async ({ page }) => {
  const looks: Record<string, { background: string; primary: string; radius: string; wordmark: string }> = {};
  for (const theme of THEMES) {
    await page.goto(`/?theme=${theme}`);
    await acceptCookies(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    looks[theme] = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return {
        background: [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor].join(' '),
        primary: style.getPropertyValue('--primary').trim(),
        radius: style.getPropertyValue('--radius').trim(),
        wordmark: document.querySelector('header svg[role="img"]')?.outerHTML ?? '',
      };
    });
    await page.screenshot({ path: `test-results/e2e/artifacts/theme-${theme}.png`, fullPage: false });
  }
  const backgrounds = new Set(THEMES.map((t) => looks[t]?.background));
  const primaries = new Set(THEMES.map((t) => looks[t]?.primary));
  const wordmarks = new Set(THEMES.map((t) => looks[t]?.wordmark));
  expect(backgrounds.size).toBe(3);
  expect(primaries.size).toBe(3);
  expect(wordmarks.size).toBe(3);
});
