import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

/**
 * The promo lottery on a phone (docs/features/lottery.md): a free entry earns a ticket in both draws
 * and the page shows it live; an operator closes the weekly draw (its draw job run now through the
 * operator jobs API); the results appear, the browser recomputes the draw from the revealed seed and
 * the published ticket list, and the winner takes the reward by keyboard. Spanish; axe clean.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('earns a ticket from a free entry, sees the weekly draw drawn, verifies it in the browser and takes the reward', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signUp(page, uniqueEmail('lottery'));
  await page.goto('/lottery/');
  await expect(page.getByRole('heading', { level: 1, name: 'Promo lottery' })).toBeVisible();
  const open = page.getByTestId('lottery-open');
  await expect(open).toBeVisible();
  await expect(open.getByRole('timer')).toHaveText(/\d{2}:\d{2}:\d{2}/);
  await expect(page.getByTestId('lottery-ticket-count')).toContainText('You hold 0 tickets');
  expect(await violations(page)).toEqual([]);

  // A free entry (1 FC, one ticket at the same rate as bought coins): the lottery push updates the page.
  const entry = await page.request.post('/rest/free-entry/online/', { data: {} });
  expect(entry.ok(), await entry.text()).toBe(true);
  await expect(page.getByTestId('lottery-ticket-count')).toContainText('You hold 1 ticket', { timeout: 15_000 });
  const details = (await (await page.request.get('/rest/promo-events/lottery/details/weekly/')).json()) as { data: { data: { number: number } } };
  const number = details.data.data.number;

  // The operator runs the weekly draw now.
  expect((await request.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const jobs = (await (await request.get('/api/operator/jobs/?kind=lottery.draw&status=pending')).json()) as { data: { jobs: { id: number; key: string }[] } };
  const job = jobs.data.jobs.find((j) => j.key === `draw:${number}`);
  expect(job).toBeDefined();
  expect((await request.post(`/api/operator/jobs/${job!.id}/retry/`, { data: {} })).ok()).toBe(true);

  const results = page.getByTestId('lottery-results');
  await expect(results).toContainText(`Results of draw #${number}`, { timeout: 20_000 });
  await expect(results.getByRole('row').filter({ hasText: 'You' }).first()).toBeVisible();

  // Verified in the browser from the revealed seed and the published list.
  await results.getByTestId('lottery-verify').click();
  await expect(page.getByTestId('lottery-verdict')).toContainText('Verified in your browser');

  // The reward, taken by keyboard.
  const take = page.getByTestId('lottery-take').first();
  await take.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lottery-message')).toHaveText('Your reward was added to your balance.');
  await expect(page.getByTestId('lottery-reward').first()).toHaveAttribute('data-status', 'taken');
  expect(await violations(page)).toEqual([]);

  // Spanish.
  await page.goto('/es/lottery/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lotería promocional' })).toBeVisible();
  await expect(page.getByTestId('lottery-results')).toContainText(`Resultados del sorteo n.º ${number}`);
});
