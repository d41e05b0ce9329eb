import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

/**
 * Scratch cards (docs/features/scratch-cards.md) on a phone: today's free card scratched with a finger
 * on the foil (the prize under it is the server's), the header balance following the prize; in Spanish
 * with reduced motion, the keyboard's Reveal button; axe clean.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const goldOf = async (page: Page) => Number((await page.getByTestId('balance-gold').first().innerText()).replace(/[^\d]/g, ''));

interface ScratchAnswer {
  data: { prize: { kind: string; amount?: number }; card: { prize: { coins: number | null; entries: number | null } } };
}

test('scratches today\'s free card with a finger on a phone and sees the prize and the balance', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('scratch'));
  const before = await goldOf(page);
  await page.goto('/scratch-cards/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scratch cards');
  await expect(page.getByTestId('scratch-odds').locator('tbody tr')).toHaveCount(8);
  const foil = page.getByTestId('scratch-foil');
  await expect(foil).toBeVisible();
  expect(await violations(page, 'main')).toEqual([]);

  // Scratch across the foil: the first touch asks the server, the foil falls away once half is off.
  const box = (await foil.boundingBox())!;
  const answered = page.waitForResponse((r) => r.url().includes('/rest/scratch-card-lottery/scratch/') && r.request().method() === 'POST');
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  for (let y = 4; y < box.height; y += 24) {
    await page.mouse.move(box.x + box.width - 4, box.y + y, { steps: 8 });
    await page.mouse.move(box.x + 4, box.y + Math.min(box.height - 2, y + 12), { steps: 8 });
  }
  await page.mouse.up();
  const answer = (await (await answered).json()) as ScratchAnswer;
  await expect(foil).toHaveCount(0);
  const result = page.getByTestId('scratch-result');
  await expect(result).toContainText('You won');
  await expect(result).toBeFocused();
  await expect(page.getByTestId('scratch-card')).toHaveAttribute('data-status', 'scratched');
  expect(await violations(page, 'main')).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/artifacts/scratch-cards-phone.png', fullPage: true });

  // The header balance follows the prize (the balance push).
  await expect.poll(() => goldOf(page), { timeout: 15_000 }).toBe(before + (answer.data.card.prize.coins ?? 0));

  // In Spanish with reduced motion: the card shows scratched with its prize after a reload.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/es/scratch-cards/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarjetas de rascar');
  await expect(page.getByTestId('scratch-card')).toHaveAttribute('data-status', 'scratched');
  await expect(page.getByTestId('scratch-prize')).toContainText('GC');
  await expect(page.getByRole('main')).not.toContainText('Scratch');
  expect(await violations(page, 'main')).toEqual([]);
});

test('reveals a card from the keyboard in the ticket-play modal (?openModal=scratch-cards), in Spanish with reduced motion', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUp(page, uniqueEmail('scratch-es'));
  await page.goto('/es/lobby/?openModal=scratch-cards');
  const dialog = page.getByRole('dialog', { name: 'Tarjetas de rascar' });
  await expect(dialog).toBeVisible();
  const reveal = dialog.getByTestId('scratch-reveal');
  await expect(reveal).toHaveText('Descubrir el premio');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await reveal.focus();
  const answered = page.waitForResponse((r) => r.url().includes('/rest/scratch-card-lottery/scratch/') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await answered).status()).toBe(200);
  await expect(dialog.getByTestId('scratch-foil')).toHaveCount(0);
  await expect(dialog.getByTestId('scratch-result')).toContainText('¡Has ganado');
  await expect(dialog.getByTestId('scratch-result')).toBeFocused();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
});
