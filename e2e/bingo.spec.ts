import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { baseUrl, dismissSeasonCelebrations, signUp, skipWelcomeModals, uniqueEmail } from './helpers';

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };

/**
 * The /bingo page (docs/features/bingo.md) on a phone in Spanish: the period's card is dealt on the
 * first look (25 cells, the free centre, its seed hash published), the balls and progress are shown,
 * a round is refused with fewer than 10 balls; axe clean. The browser tests' shared server runs nlc,
 * a theme without the bingo store, so the page says bingo is not running there. The second journey
 * plays a round: it runs on a server of a theme with the bingo store (`THEME=sws`; scripts/e2e.mjs
 * runs it so after the shared run) and is skipped on the others.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('shows the card, the balls and the published odds (es, phone, axe)', async ({ page }) => {
  test.setTimeout(60_000);
  await skipWelcomeModals(page);
  await signUp(page, uniqueEmail('bingo'));
  await page.goto('/es/bingo/?theme=sws');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bingo');
  const card = page.getByTestId('bingo-card');
  await expect(card.locator('tbody td')).toHaveCount(25);
  await expect(card.locator('tbody td').nth(12)).toContainText('Libre');
  await expect(page.getByTestId('odds-bingo-line').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('bingo-play')).toBeDisabled();
  const refused = await page.request.post('/rest/bingo/bingo-accrue-reward/', { data: { requestKey: `e2e-bingo-${Date.now()}` } });
  expect(refused.status()).toBe(409);
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/artifacts/bingo-page-es.png', fullPage: true });
});

test('plays a round of ten balls earned by real spins (es, phone, keyboard, axe; themes with the bingo store)', async ({ page }) => {
  test.setTimeout(120_000);
  await skipWelcomeModals(page);
  await dismissSeasonCelebrations(page);
  await signUp(page, uniqueEmail('bingo-round'));
  const api = page.request;
  const status = async () => (await (await api.get('/rest/bingo/check-player-status/')).json()).data as { isActive: boolean; availablePoint: number; canPlay: boolean };
  test.skip(!(await status()).isActive, 'this server\'s theme has no bingo store (run with THEME=sws)');

  // Ten balls from real Gold Coin spins, the features' free spins played out. An operator makes a ball
  // cost 200 GC staked for this journey (2,000 by default: more than a new player's coins).
  const operator = await playwrightRequest.newContext({ baseURL: baseUrl() });
  expect((await operator.post('/api/operator/sign-in/', { data: OPERATOR })).status()).toBe(200);
  const rules = await operator.put('/api/operator/bingo/rules/', { data: { stakePerBall: 200 } });
  expect(rules.status(), await rules.text()).toBe(200);
  await operator.dispose();
  const games = (await (await api.get('/api/rest/games?groupKey=public&versionApp=2_28_0')).json()).data.games as { id: number; slug: string }[];
  const gameId = games.find((g) => g.slug === 'reef-raiders')!.id;
  const launch = (await (await api.get(`/rest/game/${gameId}/play/`)).json()).data as { session: string; bets: { steps: number[] } };
  const bet = launch.bets.steps.filter((step) => step <= 200).at(-1)!;
  let key = 0;
  const spin = async () => {
    const res = await api.post(`/rest/game/${gameId}/spin/`, { data: { session: launch.session, bet, idempotencyKey: `e2e-bingo-round-${Date.now()}-${++key}` } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as { feature: unknown };
  };
  for (let i = 0; i < 300 && !(await status()).canPlay; i++) {
    for (let j = 0; j < 5; j++) if ((await spin()).feature) for (let k = 0; k < 200; k++) if (!(await spin()).feature) break;
  }
  expect((await status()).availablePoint).toBeGreaterThanOrEqual(10);

  await page.goto('/es/bingo/');
  const card = page.getByTestId('bingo-card');
  await expect(card.locator('tbody td')).toHaveCount(25);
  const play = page.getByTestId('bingo-play');
  await expect(play).toBeEnabled();
  await play.focus();
  await page.keyboard.press('Enter');
  // The round's ten balls are announced (the result takes the focus) and drawn on the card.
  const result = page.getByTestId('bingo-result');
  await expect(result).toBeFocused();
  await expect(result).toContainText('Bolas sacadas:');
  expect((await result.locator('p').first().textContent())!.replace('Bolas sacadas:', '').split(',').map((b) => Number(b.trim())).filter((b) => b >= 1 && b <= 75)).toHaveLength(10);
  await expect(page.getByText('10 bolas sacadas de 75')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/artifacts/bingo-round-es.png', fullPage: true });
});
