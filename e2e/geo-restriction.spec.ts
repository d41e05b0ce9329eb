import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

// WA is on the seeded restricted list (docs/geo-restriction.md).
const PROFILE = { name: 'Ada', surname: 'Lovelace', birthday: '1990-04-12', zip: '98101', city: 'Seattle', address: '12 Main St.', phone: '+15551234567' };

async function setProfileState(page: Page, state: string): Promise<void> {
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/rest/player/profile/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'include' });
    return response.status;
  }, { ...PROFILE, state });
  expect(status).toBe(200);
}

const modeButton = (page: Page, testId: string) => page.getByTestId(testId).locator('xpath=ancestor::button[1]');

test('a player in a restricted state is told Fortune Coins are not offered and keeps playing with Gold Coins', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('geo'));
  await setProfileState(page, 'WA');

  // The header's currency switch: refused with the modal, the mode stays Gold Coins.
  await modeButton(page, 'balance-fortune').click();
  const modal = page.getByTestId('sweepstakes-restricted');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Fortune Coins are not available in your state' })).toBeVisible();
  await expect(modal).toContainText('You can keep playing every game with Gold Coins.');
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(modal).toBeHidden();
  await expect(modeButton(page, 'balance-gold')).toHaveAttribute('aria-pressed', 'true');

  // A Fortune Coin game link (isMoney=true): the same modal; "Play with Gold Coins" opens the game in GC.
  const slug = await page.getByTestId('game-row-popularGames').getByTestId('game-tile').first().getAttribute('data-game');
  await page.goto(`/lobby/?game=${slug}&isMoney=true`);
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Play with Gold Coins' }).click();
  const client = page.frameLocator('[data-testid="game-frame"]');
  await expect(client.getByTestId('game-client')).toBeVisible({ timeout: 20_000 });
  await expect(modeButton(page, 'balance-gold')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('game-modal-close').click();

  // Spanish.
  await page.goto(`/es/lobby/?game=${slug}&isMoney=true`);
  await expect(modal.getByRole('heading', { name: 'Las Fortune Coins no están disponibles en tu estado' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Jugar con Gold Coins' })).toBeVisible();
});

test('a player in an allowed state switches to Fortune Coins', async ({ page }) => {
  await signUp(page, uniqueEmail('geo-ok'));
  await setProfileState(page, 'TX');
  await modeButton(page, 'balance-fortune').click();
  await expect(modeButton(page, 'balance-fortune')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('sweepstakes-restricted')).toHaveCount(0);
});

test('a spin refused in the game (the state became restricted after launch) shows the modal over the game', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail('geo-spin'));
  await setProfileState(page, 'TX');
  const slug = await page.getByTestId('game-row-popularGames').getByTestId('game-tile').first().getAttribute('data-game');
  await page.goto(`/lobby/?game=${slug}&isMoney=true`);
  const client = page.frameLocator('[data-testid="game-frame"]');
  const root = client.getByTestId('game-client');
  await expect(root).toBeVisible({ timeout: 20_000 });
  await expect(modeButton(page, 'balance-fortune')).toHaveAttribute('aria-pressed', 'true');
  const before = await page.getByTestId('balance-fortune').innerText();

  await setProfileState(page, 'WA');
  await client.getByTestId('spin').click();
  const modal = page.getByTestId('sweepstakes-restricted');
  await expect(modal).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('game-frame')).toHaveCount(0);
  await expect(page.getByTestId('balance-fortune')).toHaveText(before);
});

test('the redeem panel\'s switch to Fortune Coins explains the refusal in a restricted state', async ({ page }) => {
  await signUp(page, uniqueEmail('geo-redeem'));
  await setProfileState(page, 'WA');
  await page.goto('/account/#/cash/redeem/');
  await page.getByTestId('redeem-refused').getByRole('button', { name: 'Switch to Fortune Coins' }).click();
  await expect(page.getByTestId('sweepstakes-restricted')).toBeVisible();
  await expect(modeButton(page, 'balance-gold')).toHaveAttribute('aria-pressed', 'true');
});
