import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

/**
 * Reality check (docs/responsible-play.md). The browser's clock is Playwright's (page.clock): the
 * reminder's timer runs in the browser, scheduled from the server's due time relative to the
 * server's now, so jumping the browser clock forward makes it fire; when it fires the browser asks
 * the server again and shows the reminder while the server still names that due time. The server's
 * own clock stays real (its rules are tested with a fake clock in reality-check.integration.test.ts).
 */

const ACK = '/rest/player/responsible-play/reality-check/acknowledge/';

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function openGame(page: Page): Promise<void> {
  const catalogue = (await (await page.request.get('/rest/get-game-filters/')).json()) as { data: { games: { slug: string }[] } };
  const slug = catalogue.data.games.find((g) => g.slug === 'frostbar-five')?.slug ?? catalogue.data.games[0]?.slug;
  await page.goto(`/lobby/?game=${slug}`);
  const client = page.frameLocator('[data-testid="game-frame"]');
  const root = client.getByTestId('game-client');
  await expect(root).toBeVisible({ timeout: 20_000 });
  // One round, so that the session has something to sum up.
  await expect(root).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
  await client.getByTestId('spin').click();
  await expect.poll(async () => Number(await root.getAttribute('data-spins')), { timeout: 30_000 }).toBe(1);
  await expect(root).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
}

/** Starts 250 autoplay spins that only the reality check (or running out of coins) stops. */
async function startAutoplay(page: Page): Promise<void> {
  const client = page.frameLocator('[data-testid="game-frame"]');
  await client.getByRole('button', { name: 'Auto', exact: true }).click();
  await client.getByRole('group', { name: 'Number of spins' }).getByText('250', { exact: true }).click();
  await client.getByLabel('Stop when a feature starts').uncheck();
  await client.getByTestId('autoplay-start').click();
  await expect(client.getByRole('button', { name: 'Auto', exact: true })).toHaveAttribute('aria-pressed', 'true');
}

test('a 15-minute reality check opens over the game, stops autoplay and works from the keyboard; Continue schedules the next one, Stop leaves the game, the history link answers it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await signUp(page, uniqueEmail('reality'));

  await page.goto('/account/responsible-play/');
  const section = page.getByTestId('reality-check-section');
  await expect(section.getByRole('heading', { name: 'Reality check' })).toBeVisible();
  // On by default at 120 minutes (spec §9 threshold).
  await expect(section.getByTestId('reality-check-current')).toContainText('Reminders every 120 minutes.');
  await section.getByRole('radio', { name: 'Every 15 minutes' }).check();
  await section.getByRole('button', { name: 'Save reminder' }).click();
  await expect(section.getByTestId('reality-check-current')).toContainText('Reminders every 15 minutes.');
  await expect(page.getByTestId('toast-default')).toContainText('Reality check saved');
  expect(await violations(page, '[data-testid="reality-check-section"]')).toEqual([]);
  const profile = (await (await page.request.get('/rest/player/profile/')).json()) as { data: { responsiblePlay: { activityReminderValue: number } } };
  expect(profile.data.responsiblePlay.activityReminderValue).toBe(15);

  await openGame(page);
  await startAutoplay(page);
  const reminder = page.getByRole('dialog', { name: 'Reality check' });
  await expect(reminder).toHaveCount(0);

  // 15 minutes later (browser clock) the reminder opens over the game modal, and autoplay stops.
  await page.clock.fastForward('15:00');
  await expect(reminder).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('modal-game')).toBeAttached();
  const client = page.frameLocator('[data-testid="game-frame"]');
  await expect(client.getByRole('button', { name: 'Auto', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(client.getByRole('button', { name: 'Stop autoplay' })).toHaveCount(0);
  await expect(reminder).toHaveAttribute('aria-describedby', /.+/);
  await expect(reminder.getByTestId('reality-check-time')).toContainText('You have been playing for');
  const summary = reminder.getByTestId('reality-check-summary');
  await expect(summary).toContainText('Gold Coins');
  await expect(summary).toContainText(/Rounds: [1-9]\d*/);
  await expect(reminder.getByRole('link', { name: 'View my account history' })).toHaveAttribute('href', '/account/#transactions');
  expect(await violations(page, '[data-testid="modal-reality-check"]')).toEqual([]);

  // Keyboard: focus starts on Continue and stays in the reminder; Escape does not dismiss it.
  const continueButton = reminder.getByRole('button', { name: 'Continue playing' });
  await expect(continueButton).toBeFocused();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await reminder.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(reminder).toBeVisible();
  await continueButton.focus();
  const answered = page.waitForResponse((r) => r.url().endsWith(ACK) && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  const answer = (await (await answered).json()) as { data: { nextDueAtMs: number; serverNowMs: number; due: boolean } };
  expect(answer.data.due).toBe(false);
  expect(answer.data.nextDueAtMs - answer.data.serverNowMs).toBe(15 * 60_000);
  await expect(reminder).toHaveCount(0);
  // Continue keeps the game open.
  await expect(page.getByTestId('modal-game')).toBeVisible();

  // The next one: not before 15 minutes, then again.
  await page.clock.fastForward('14:00');
  await page.waitForTimeout(500);
  await expect(reminder).toHaveCount(0);
  await page.clock.fastForward('01:05');
  await expect(reminder).toBeVisible({ timeout: 15_000 });

  // Stop playing: the game closes and the player lands on the lobby.
  await reminder.getByRole('button', { name: 'Stop playing' }).focus();
  await page.keyboard.press('Enter');
  await expect(reminder).toHaveCount(0);
  await expect(page.getByTestId('modal-game')).toHaveCount(0);
  await expect(page).toHaveURL(/\/lobby\/$/);

  // The next one opens on the lobby; its history link answers it and leads to the transaction history.
  await page.clock.fastForward('15:05');
  await expect(reminder).toBeVisible({ timeout: 15_000 });
  await reminder.getByRole('link', { name: 'View my account history' }).click();
  await expect(reminder).toHaveCount(0);
  await expect(page).toHaveURL(/\/account\/#transactions$/);
  await expect(page.getByRole('heading', { name: 'Transaction history' })).toBeVisible();
});

test('the responsible play page shows the reality check in Spanish', async ({ page }) => {
  await signUp(page, uniqueEmail('reality-es'));
  await page.goto('/es/account/responsible-play/');
  const section = page.getByTestId('reality-check-section');
  await expect(section.getByRole('heading', { name: 'Control de realidad' })).toBeVisible();
  await expect(section.getByRole('radio', { name: 'Cada 15 minutos' })).toBeVisible();
  await expect(section.getByRole('radio', { name: 'Desactivado' })).toBeVisible();
});
