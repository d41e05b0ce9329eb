import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

// The notification centre (docs/rewards.md): notices reach the bell's badge live (the `rewardNotices`
// push), the centre opens by keyboard, tells each notice in a sentence in the page's language, and
// opening it marks them read.

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Resolves once the page's real-time socket is connected (Socket.IO's connect answer, `40…`). */
function socketConnected(page: Page): Promise<unknown> {
  return page.waitForEvent('websocket', { timeout: 30_000 }).then((socket) => socket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).startsWith('40'), timeout: 30_000 }));
}

test('a player is told of prizes by the bell, reads them in the centre in English and Spanish, and the badge clears', async ({ page, request }) => {
  test.setTimeout(120_000);
  const connected = socketConnected(page);
  const firstCount = page.waitForResponse((r) => r.url().endsWith('/rest/rewards/notices/') && r.request().method() === 'GET', { timeout: 30_000 });
  await signUp(page, uniqueEmail('notices'));
  await Promise.all([connected, firstCount]);
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);

  // Two prizes paid by the operator while the page is open: the badge follows without a reload.
  const me = (await (await page.request.get('/rest/app/init/')).json()) as { data: { uuid: string } };
  const games = (await (await page.request.get('/rest/get-game-filters/')).json()) as { data: { games: { id: number; slug: string; title: string }[] } };
  const game = games.data.games.find((g) => g.slug === 'lucky-lantern-classic')!;
  expect((await request.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const key = `e2e-notice-${Date.now()}`;
  for (const [suffix, prize] of [
    ['gc', { kind: 'gold_coins', amount: 1234 }],
    ['fs', { kind: 'free_spins', gameId: game.id, count: 3, betLevel: 1, lifetimeMs: 3_600_000, currency: 'GC' }],
  ] as const) {
    const granted = await request.post('/api/operator/rewards/grants/', { data: { playerUuid: me.data.uuid, prize, reason: 'e2e notices', key: `${key}-${suffix}` } });
    expect(granted.status(), await granted.text()).toBe(200);
  }
  const unreadBell = page.getByRole('button', { name: 'Notifications (2 unread)' });
  await expect(unreadBell).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('notifications-badge')).toHaveText('2');

  // By keyboard: the centre opens on the bell, newest first, both marked new.
  await unreadBell.focus();
  await page.keyboard.press('Enter');
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre).toBeVisible();
  const items = centre.getByTestId('notification');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`A gift from our team: you got 3 free spins on ${game.title}.`);
  await expect(items.nth(1)).toContainText('A gift from our team: 1,234 GC credited to your balance.');
  await expect(items.nth(0)).toHaveAttribute('data-unread', 'true');
  const violations = (await new AxeBuilder({ page }).include('[data-testid="modal-notifications"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations;
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // Opening marked them read: the badge is gone; Escape closes and gives the focus back to the bell.
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(centre).toHaveCount(0);
  await expect(bell).toBeFocused();

  // In Spanish, after a reload: nothing unread, the same notices in Spanish words.
  await page.goto('/es/lobby/');
  const campana = page.getByRole('button', { name: 'Notificaciones', exact: true });
  await expect(campana).toBeVisible();
  await campana.focus();
  await page.keyboard.press('Enter');
  const centro = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(centro.getByTestId('notification').nth(0)).toContainText(/^Un regalo de nuestro equipo: recibiste 3 giros gratis en .+\./);
  await expect(centro.getByTestId('notification').nth(1)).toContainText('Un regalo de nuestro equipo: se acreditaron 1.234 GC a tu saldo.');
  await expect(centro.getByTestId('notification').nth(0)).toHaveAttribute('data-unread', 'false');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
});
