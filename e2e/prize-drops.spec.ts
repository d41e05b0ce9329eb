import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp, skipWelcomeModals, uniqueEmail } from './helpers';

/**
 * Prize drops (docs/features/prize-drops.md) on a phone, in Spanish: the board shows today's pool;
 * a seeded drop (an operator makes the next qualifying spin certain to win, then restores the rules)
 * is won by a real spin, the winner's `prizeAssigned` push opens the win modal, the board lists the
 * winner; keyboard closes the modal; axe clean.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('wins a seeded prize drop with a real spin and sees the win modal (es, phone, keyboard, axe)', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  await skipWelcomeModals(page);
  await signUp(page, uniqueEmail('drops'));
  await page.goto('/es/prize-drops/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premios sorpresa');
  await expect(page.getByTestId('drops-pool')).toContainText('100.000 GC');
  await expect(page.getByTestId('drops-tier-3')).toContainText('Oro');
  await expect(page.getByTestId('drops-next-block').getByRole('timer')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  expect(await violations(page, 'main')).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/artifacts/prize-drops-page-es.png', fullPage: true });

  // Seed the drop: the operator makes any qualifying spin certain to win (chance divisor 1, level 1).
  const operator = await playwright.request.newContext({ baseURL });
  expect((await operator.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const rules = ((await (await operator.get('/api/operator/prize-drops/')).json()) as { data: { rules: { chanceDivisor: number; minimalLevel: number } } }).data.rules;
  try {
    expect((await operator.put('/api/operator/prize-drops/rules/', { data: { chanceDivisor: 1, minimalLevel: 1 } })).ok()).toBe(true);
    const games = (await (await page.request.get('/rest/get-game-filters/')).json()) as { data: { games: { id: number; slug: string }[] } };
    const gameId = games.data.games.find((g) => g.slug === 'reef-raiders')?.id;
    expect(gameId).toBeDefined();
    const launched = await page.request.get(`/rest/game/${gameId}/play/`);
    expect(launched.ok()).toBe(true);
    const { session, bets } = ((await launched.json()) as { data: { session: string; bets: { min: number } } }).data;
    const spun = await page.request.post(`/rest/game/${gameId}/spin/`, { data: { session, bet: bets.min, idempotencyKey: `e2e-drops-${Date.now()}` } });
    expect(spun.ok()).toBe(true);
    // The draw runs in the round's event handler after the spin commits: keep the seeded rules until it has.
    await expect
      .poll(async () => ((await (await page.request.get('/rest/prize-drops/info/')).json()) as { data: { player: { wins: unknown[] } | null } }).data.player?.wins.length ?? 0, { timeout: 15_000 })
      .toBe(1);
  } finally {
    expect((await operator.put('/api/operator/prize-drops/rules/', { data: { chanceDivisor: rules.chanceDivisor, minimalLevel: rules.minimalLevel } })).ok()).toBe(true);
    await operator.dispose();
  }

  // The push opens the win modal wherever the player is, in Spanish, with the prize the server paid.
  const dialog = page.getByRole('dialog', { name: '¡Ganaste un premio sorpresa!' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('prize-drops-win')).toContainText(/Premio (Oro|Plata|Bronce): [\d,.]+ GC/);
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/artifacts/prize-drops-win-es.png' });
  // The board updated too: the winner is listed.
  await expect(page.getByTestId('drops-winners').locator('li').first()).toBeVisible();
  // Keyboard: the modal's button has focus reachable by Tab and closes it.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: '¡Genial!' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
});

test("the day's welcome opens once, sets the popup cookie to the end of the day, and closes by keyboard (es, phone, axe)", async ({ page, context }) => {
  test.setTimeout(60_000);
  await skipWelcomeModals(page, ['daily-login', 'seasons', 'wheel-of-treasure', 'bingo', 'scratch-cards']);
  await signUp(page, uniqueEmail('drops-welcome'));
  // Sign-up marks every welcome as shown; forget prize drops' mark on every load, so only its cookie keeps it away.
  await page.addInitScript(() => {
    const welcomed = JSON.parse(window.localStorage.getItem('sweepstack_welcomed') ?? '{}') as Record<string, string>;
    delete welcomed['prize-drops'];
    window.localStorage.setItem('sweepstack_welcomed', JSON.stringify(welcomed));
  });
  await page.goto('/es/lobby/');
  const welcome = page.getByRole('dialog', { name: '¡Los premios sorpresa están activos!' });
  await expect(welcome).toBeVisible({ timeout: 15_000 });
  await expect(welcome).toContainText('100.000 GC');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  const cookie = (await context.cookies()).find((c) => c.name === 'prizeDropsPopup');
  expect(cookie).toBeDefined();
  const endOfDay = await page.evaluate(() => {
    const end = new Date();
    end.setHours(23, 59, 59, 0);
    return end.getTime() / 1000;
  });
  expect(Math.abs(cookie!.expires - endOfDay)).toBeLessThan(2);
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
  // The cookie keeps it away for the rest of the day (the platform's own once-a-day mark is forgotten above).
  await page.goto('/es/lobby/');
  await page.waitForTimeout(6_500);
  await expect(welcome).toBeHidden();
});

test('with the VIP league off, the board asks for no level: every player plays (es, phone, axe)', async ({ page, playwright, baseURL }) => {
  await skipWelcomeModals(page);
  const operator = await playwright.request.newContext({ baseURL });
  expect((await operator.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  try {
    expect((await operator.put('/api/operator/rank-league/status/', { data: { enabled: false } })).ok()).toBe(true);
    await signUp(page, uniqueEmail('drops-no-league'));
    await page.goto('/es/prize-drops/');
    await expect(page.getByTestId('drops-level-rule')).toHaveText('Ahora no se necesita nivel de la liga VIP: los giros de todos los jugadores participan en los sorteos.');
    await expect(page.getByTestId('drops-qualifies')).toHaveText('Tus giros participan en los sorteos. ¡Buena suerte!');
    expect(await violations(page, 'main')).toEqual([]);
  } finally {
    expect((await operator.put('/api/operator/rank-league/status/', { data: { enabled: true } })).ok()).toBe(true);
    await operator.dispose();
  }
  // The league back on: its level applies again (the seeded league's top level, 15).
  await page.reload();
  await expect(page.getByTestId('drops-level-rule')).toContainText('15');
});
