import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dismissSeasonCelebrations, signUp, uniqueEmail } from './helpers';

/**
 * Bonus offers (docs/features/bonuses.md) on a phone: an operator sends a player a free-entries and a
 * free-spins bonus; the player's `?freeEntriesBonus=<id>` link opens the claim modal, claimed by
 * keyboard, a toast says it was credited and the header's Fortune Coins grow; a bonus withdrawn while
 * its modal is open toasts `depositBonus.error` on Claim; an unknown id and the
 * same link again toast 'Bonus may be expired or unavailable' and leave the address; the free-spins
 * variant in Spanish. Axe clean.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };

const fortuneCoins = async (page: Page) => Number(((await page.getByTestId('balance-fortune').first().textContent()) ?? '').replace(/[^\d.]/g, ''));

async function sendBonus(request: APIRequestContext, campaign: Record<string, unknown>, playerUuid: string): Promise<number> {
  const created = await request.post('/api/operator/bonuses/campaigns/', { data: campaign });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { campaign: { id: number } } }).data.campaign.id;
  const sent = await request.post(`/api/operator/bonuses/campaigns/${id}/grants/`, { data: { playerUuids: [playerUuid], key: `e2e-${id}-${Date.now()}` } });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { data: { sent: { messageId: number }[] } }).data.sent[0]!.messageId;
}

test('a bonus link opens its claim modal, credits once with a toast and the balance; a bad or used link toasts and leaves the address', async ({ page, request }) => {
  test.setTimeout(120_000);
  await dismissSeasonCelebrations(page);
  await signUp(page, uniqueEmail('bonuses'));
  const me = (await (await page.request.get('/rest/app/init/')).json()) as { data: { uuid: string } };
  expect((await request.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const entries = await sendBonus(request, { name: `e2e free entries ${Date.now()}`, bonusType: 'freeEntries', amountCents: 150, claimLifetimeHours: 24 }, me.data.uuid);
  const spins = await sendBonus(request, { name: `e2e free spins ${Date.now()}`, bonusType: 'freeSpins', gameSlug: 'lucky-lantern-classic', spinsCount: 5, betLevel: 1, spinsCurrency: 'GC', spinsLifetimeHours: 24, claimLifetimeHours: 24 }, me.data.uuid);

  // The free-entries claim modal, axe clean, claimed by keyboard.
  await page.goto(`/lobby/?freeEntriesBonus=${entries}`);
  const modal = page.getByTestId('bonus-claim-free-entries');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Free entries bonus' })).toBeVisible();
  await expect(page.getByTestId('bonus-claim-offer')).toHaveText('1.50 FC free entries are waiting for you');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const before = await fortuneCoins(page);
  await page.getByTestId('bonus-claim-button').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast-bonus')).toHaveText('Bonus credited: 1.50 FC were added to your balance.');
  await expect(modal).toBeHidden();
  // Opened by a link (no opener on the page): focus goes to the page's main region, not the body.
  await expect(page.locator('#main')).toBeFocused();
  expect(new URL(page.url()).searchParams.has('freeEntriesBonus')).toBe(false);
  await expect.poll(() => fortuneCoins(page), { timeout: 15_000 }).toBeCloseTo(before + 1.5, 2);

  // A bonus withdrawn while its modal is open: the credit fails with depositBonus.error, nothing credited.
  const withdrawn = await sendBonus(request, { name: `e2e withdrawn ${Date.now()}`, bonusType: 'freeEntries', amountCents: 100, claimLifetimeHours: 24 }, me.data.uuid);
  await page.goto(`/lobby/?freeEntriesBonus=${withdrawn}`);
  await expect(modal).toBeVisible({ timeout: 15_000 });
  expect((await request.post(`/api/operator/bonuses/grants/${withdrawn}/revoke/`)).ok()).toBe(true);
  await page.getByTestId('bonus-claim-button').click();
  await expect(page.getByTestId('toast-error')).toHaveText('The bonus could not be credited. It may have expired or already been claimed.');
  await expect(modal).toBeHidden();
  expect(new URL(page.url()).searchParams.has('freeEntriesBonus')).toBe(false);

  // An unknown id, then the used link again: the toast, no modal, the query gone, nothing credited.
  for (const id of [99_999_999, entries]) {
    await page.goto(`/lobby/?freeEntriesBonus=${id}`);
    await expect(page.getByTestId('toast-error').filter({ hasText: 'Bonus may be expired or unavailable' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).searchParams.has('freeEntriesBonus')).toBe(false);
  }
  expect(await fortuneCoins(page)).toBeCloseTo(before + 1.5, 2);

  // The free-spins variant, in Spanish.
  await page.goto(`/es/lobby/?freeEntriesBonus=${spins}`);
  await expect(page.getByRole('dialog', { name: 'Bono de giros gratis' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('bonus-claim-offer')).toHaveText('5 giros gratis en Clásico Farol de la Suerte');
  await expect(page.getByTestId('bonus-claim-free-spins')).toContainText('juégalos en 24 horas');
  await page.getByRole('button', { name: 'Reclamar bono' }).click();
  await expect(page.getByTestId('toast-bonus')).toContainText('Bono acreditado: 5 giros gratis en Clásico Farol de la Suerte.');
  const grants = (await (await page.request.get('/rest/free-spins/')).json()) as { data: { freeSpins: { spinsRemain: number }[] } };
  expect(grants.data.freeSpins.map((g) => g.spinsRemain)).toEqual([5]);
});
