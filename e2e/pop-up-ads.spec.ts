import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dismissSeasonCelebrations, signUp, uniqueEmail } from './helpers';

/**
 * Pop-up ads (docs/features/pop-up-ads.md) on a phone: the seeded campaign ships inactive; the operator
 * previews it on this test's player only (so that no other journey sees an ad). The player closes a game
 * and the ad opens after its delay, keyboard-operable and axe clean; Escape closes it and the log says
 * shown and closed; focus goes back to the game's tile after the game and after the ad. Closing the
 * cashier brings the other ad, whose call to action leads to its page and is logged as clicked.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };
const SEEDED = 'Come back and play';
const DEFAULT_RULES = { dailyCap: 3, minGapMinutes: 10, hideAfterCloseHours: 24 };

interface Campaign {
  id: number;
  name: string;
  popups: { id: number; name: string }[];
  [field: string]: unknown;
}
interface Log {
  popupId: number;
  trigger: string;
  shownAt: string | null;
  clickedAt: string | null;
  closedAt: string | null;
}

async function seededCampaign(request: APIRequestContext): Promise<Campaign> {
  const answer = (await (await request.get('/api/operator/pop-up-ads/campaigns/')).json()) as { data: { campaigns: Campaign[] } };
  return answer.data.campaigns.find((c) => c.name === SEEDED)!;
}

async function preview(request: APIRequestContext, campaign: Campaign, emails: string[], active: boolean): Promise<void> {
  const { name, priority, audience, deposits, startsAt, endsAt } = campaign;
  const res = await request.put(`/api/operator/pop-up-ads/campaigns/${campaign.id}/`, { data: { name, priority, active, audience, deposits, startsAt, endsAt, testPlayerEmails: emails } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function lastLog(request: APIRequestContext, popupId: number): Promise<Log | undefined> {
  const answer = (await (await request.get(`/api/operator/pop-up-ads/logs/?popupId=${popupId}&limit=1`)).json()) as { data: { logs: Log[] } };
  return answer.data.logs[0];
}

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('a player closes a game and sees the pop-up ad after its delay; Escape closes it, its call to action leads on; both are logged', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await dismissSeasonCelebrations(page);
  const email = uniqueEmail('pop-up-ads');
  await signUp(page, email);

  expect((await request.post('/api/operator/sign-in/', { data: OPERATOR })).ok()).toBe(true);
  const campaign = await seededCampaign(request);
  const [gold, freeEntry] = campaign.popups;
  expect(gold?.name).toBe('Gold Coin packages after a game');
  expect(freeEntry?.name).toBe('Free entry reminder');
  // Two ads within minutes of each other: no minimum gap for this journey (restored at the end).
  expect((await request.put('/api/operator/pop-up-ads/settings/', { data: { ...DEFAULT_RULES, minGapMinutes: 0 } })).ok()).toBe(true);
  await preview(request, campaign, [email], true);
  try {
    // A game opens from its tile by keyboard and closes; nothing shows during the game.
    await page.goto('/lobby/');
    const tile = page.getByTestId('game-tile').first().getByRole('link');
    await tile.focus();
    await page.keyboard.press('Enter');
    await expect(page.frameLocator('[data-testid="game-frame"]').getByTestId('game-client')).toBeVisible({ timeout: 20_000 });
    const ad = page.getByRole('dialog', { name: 'Top up and keep spinning' });
    await expect(ad).toHaveCount(0);
    const asked = page.waitForResponse((r) => r.url().endsWith('/rest/pop-up-ads/player-popup-ads/') && r.request().method() === 'POST');
    await page.getByTestId('game-modal-close').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('modal-game')).toHaveCount(0);
    // Focus is back on the tile that opened the game (it fell to the page's body before).
    await expect(tile).toBeFocused();
    const answer = (await (await asked).json()) as { data: { contentInfo: { popup_id: number; popup_delay_time: number } }[] };
    expect(answer.data[0]?.contentInfo).toMatchObject({ popup_id: gold!.id, popup_delay_time: 3 });
    // Its delay (3 s) has not passed: nothing yet; then it opens.
    await expect(ad).toHaveCount(0);
    await page.clock.fastForward('00:04');
    await expect(ad).toBeVisible();
    await expect(ad).toHaveAttribute('aria-describedby', /.+/);
    await expect(ad.getByTestId('pop-up-ad-art-coins')).toBeVisible();
    expect(await violations(page, '[data-testid="modal-pop-up-ad"]')).toEqual([]);
    await expect.poll(async () => (await lastLog(request, gold!.id))?.shownAt ?? null, { timeout: 10_000 }).not.toBeNull();

    // Keyboard: focus is in the ad and stays there; Escape closes it.
    expect(await ad.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await ad.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(ad).toHaveCount(0);
    // Focus goes back where it was before the ad: the tile that opened the game.
    await expect(tile).toBeFocused();
    await expect.poll(async () => (await lastLog(request, gold!.id))?.closedAt ?? null, { timeout: 10_000 }).not.toBeNull();
    expect(await lastLog(request, gold!.id)).toMatchObject({ trigger: 'closeGame', clickedAt: null });

    // The cashier closes: the free-entry reminder, in Spanish on /es/; its call to action leads to the free entry.
    await page.goto('/es/lobby/#cash');
    const widget = page.getByTestId('cash-widget');
    await expect(widget).toBeVisible({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(widget).toBeHidden();
    await page.clock.fastForward('00:03');
    const reminder = page.getByRole('dialog', { name: 'No es necesaria ninguna compra' });
    await expect(reminder).toBeVisible();
    expect(await violations(page, '[data-testid="modal-pop-up-ad"]')).toEqual([]);
    await reminder.getByRole('button', { name: 'Ver la entrada gratuita' }).click();
    await expect(page).toHaveURL(/\/es\/free-entry\/$/);
    await expect(reminder).toHaveCount(0);
    await expect.poll(async () => (await lastLog(request, freeEntry!.id))?.clickedAt ?? null, { timeout: 10_000 }).not.toBeNull();
    expect(await lastLog(request, freeEntry!.id)).toMatchObject({ trigger: 'closeCashbox', closedAt: null });
  } finally {
    await preview(request, campaign, [], false);
    await request.put('/api/operator/pop-up-ads/settings/', { data: DEFAULT_RULES });
  }
});
