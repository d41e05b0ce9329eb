import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseUrl, signUp, uniqueEmail, dismissSeasonCelebrations } from './helpers';

/**
 * Tournaments (docs/features/tournaments.md) on a phone, in Spanish: an operator schedules a short
 * tournament; the player joins it from the tournaments modal by keyboard, plays real spins, and
 * watches their place move (second behind a rival, then first) from the positions pushes; in the game
 * window the tournament panel shows the place, the top 3 by keyboard, and moves when the rival passes;
 * when it ends, the race-finished toast offers the leaderboard. Axe clean.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OPERATOR = { email: 'operator@e2e.sweepstack.local', password: 'E2e-Operator-2026!' };

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

let spins = 0;
const spinKey = () => `e2e-t-${Date.now()}-${++spins}`;

interface Launch {
  session: string;
  bets: { steps: number[] };
}

/** Spins (real paid spins through the play API, with this context's session) until one scores a point (capPerSpin 1). */
async function scoreOnce(api: APIRequestContext, gameId: number, launch: Launch): Promise<void> {
  const bet = launch.bets.steps[0]!;
  for (let i = 0; i < 300; i++) {
    const res = await api.post(`/rest/game/${gameId}/spin/`, { data: { session: launch.session, bet, idempotencyKey: spinKey() } });
    expect(res.status(), await res.text()).toBe(200);
    const round = (await res.json()).data as { stake: number; win: number; feature: unknown };
    if (round.feature) for (let j = 0; j < 200; j++) if (!((await (await api.post(`/rest/game/${gameId}/spin/`, { data: { session: launch.session, bet, idempotencyKey: spinKey() } })).json()).data as { feature: unknown }).feature) break;
    if (round.stake > 0 && round.win * 100 >= round.stake) return;
  }
  throw new Error('no scoring spin');
}

test('joins a tournament on a phone in Spanish, plays, watches the place move, and sees the finished toast', async ({ page }) => {
  test.setTimeout(180_000);
  const operator = await playwrightRequest.newContext({ baseURL: baseUrl() });
  expect((await operator.post('/api/operator/sign-in/', { data: OPERATOR })).status()).toBe(200);
  const games = (await (await operator.get('/api/rest/games?groupKey=public&versionApp=2_28_0')).json()).data.games as { id: number; slug: string }[];
  const gameId = games.find((g) => g.slug === 'reef-raiders')!.id;
  const startsAt = Date.now() + 4000;
  const created = await operator.post('/api/operator/tournaments/schedules/', {
    data: {
      slug: `e2e-race-${Date.now()}`,
      // The operator's two titles: the Spanish page (cards, leaderboard, and the finished toast, whose
      // push carries both) must show the Spanish one.
      title: 'E2E race',
      titleEs: 'Carrera E2E',
      startsAt,
      durationMs: 100_000,
      openLeadMs: 4000,
      announceLeadMs: 4000,
      betsOn: 'tournaments_points',
      gamesIds: [gameId],
      rules: { minBet: 1, spinsLimit: 300, capPerSpin: 1, teamTopMembers: 0 },
      prizes: [{ coins: 500, entries: 0 }, { coins: 200, entries: 0 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id, runs } = (await created.json()) as { id: number; runs: number[] };
  const historyId = runs[0]!;
  // A team tournament on another game, its teams named in Spanish too.
  const teamGameId = games.find((g) => g.slug === 'golden-koi-link')!.id;
  const teamCreated = await operator.post('/api/operator/tournaments/schedules/', {
    data: {
      slug: `e2e-teams-${Date.now()}`,
      title: 'E2E team cup',
      titleEs: 'Copa E2E por equipos',
      startsAt: startsAt + 1000,
      durationMs: 600_000,
      openLeadMs: 4000,
      announceLeadMs: 4000,
      betsOn: 'tournaments_points',
      gamesIds: [teamGameId],
      rules: { minBet: 1, spinsLimit: 300, capPerSpin: 1, teamTopMembers: 2 },
      prizes: [{ coins: 500, entries: 0 }],
      teams: ['Sharks', 'Rays'],
      teamsEs: ['Tiburones', 'Rayas'],
    },
  });
  expect(teamCreated.status(), await teamCreated.text()).toBe(200);
  const teamHistoryId = ((await teamCreated.json()) as { runs: number[] }).runs[0]!;

  // A rival joins and scores 2 first (through the API, as another player).
  const rival = await playwrightRequest.newContext({ baseURL: baseUrl() });
  const signed = await rival.post('/rest/auth/signup/', { data: { email: uniqueEmail('rival'), password: 'E2e-Player-2026', birthday: '1990-04-12', acceptedTerms: true } });
  expect(signed.status()).toBe(200);
  await expect.poll(async () => (await rival.get(`/rest/tournaments/${id}/subscribe/`)).status(), { timeout: 15_000 }).toBe(200);
  await expect.poll(async () => ((await (await rival.get('/rest/tournament/')).json()).data as { historyId: number } | null)?.historyId, { timeout: 15_000 }).toBe(historyId);
  const rivalLaunch = (await (await rival.get(`/rest/game/${gameId}/play/`)).json()).data as Launch;
  await scoreOnce(rival, gameId, rivalLaunch);
  await scoreOnce(rival, gameId, rivalLaunch);

  await dismissSeasonCelebrations(page);
  await signUp(page, uniqueEmail('tournament'));
  await page.goto('/es/tournaments/');
  const modal = page.getByRole('dialog', { name: 'Torneos' });
  await expect(modal).toBeVisible();
  const card = modal.getByTestId(`tournament-${historyId}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('tournament-status')).toHaveText('En curso');
  await expect(card).toContainText('Carrera E2E');
  await expect(card).not.toContainText('E2E race');
  const teamCard = modal.getByTestId(`tournament-${teamHistoryId}`);
  await expect(teamCard).toContainText('Copa E2E por equipos');
  await expect(teamCard.getByRole('list', { name: 'Equipos' })).toContainText('Tiburones');
  await expect(teamCard.getByRole('list', { name: 'Equipos' })).toContainText('Rayas');
  await expect(teamCard).not.toContainText('Sharks');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);

  // Join by keyboard.
  const join = card.getByTestId('tournament-join');
  await join.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('tournament-joined')).toHaveText('Estás en este torneo.');

  // Play real spins (this page's session) and watch the place move: second behind the rival, then first.
  const api = page.request;
  const launch = (await (await api.get(`/rest/game/${gameId}/play/`)).json()).data as Launch;
  await scoreOnce(api, gameId, launch);
  const myPlace = card.getByTestId('tournament-my-place');
  await expect(myPlace).toContainText('Tu puesto: 2', { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/e2e/artifacts/tournaments-second-es.png' });
  await scoreOnce(api, gameId, launch);
  await scoreOnce(api, gameId, launch);
  await expect(myPlace).toContainText('Tu puesto: 1', { timeout: 15_000 });
  await expect(card.getByTestId(`leaderboard-${historyId}`).locator('tr[data-mine]')).toContainText('Tú');
  await page.screenshot({ path: 'test-results/e2e/artifacts/tournaments-first-es.png' });
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await modal.getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal).toBeHidden();

  // The game window's tournament panel: place and points, the top 3 by keyboard, moved live by the
  // pushes while the game is open.
  await page.goto('/es/lobby/?game=reef-raiders');
  const widget = page.getByTestId('tournament-widget');
  const standing = widget.getByTestId('tournament-widget-standing');
  await expect(standing).toContainText('puesto 1, 3 puntos', { timeout: 20_000 });
  const toggle = widget.getByTestId('tournament-widget-toggle');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(widget.getByTestId('tournament-widget-top').locator('li').first()).toContainText('(Tú)');
  // The rival reaches 4 first; the player's next scoring spin (4 too, reached later) brings the positions push: second.
  await scoreOnce(rival, gameId, rivalLaunch);
  await scoreOnce(rival, gameId, rivalLaunch);
  await scoreOnce(api, gameId, (await (await api.get(`/rest/game/${gameId}/play/`)).json()).data as Launch);
  await expect(standing).toContainText('puesto 2, 4 puntos', { timeout: 15_000 });
  await expect(widget.getByTestId('tournament-widget-top').locator('li').nth(1)).toContainText('(Tú)');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/artifacts/tournaments-game-widget-es.png' });
  await page.getByTestId('game-modal-close').click();

  // The end: the race-finished toast (10 s) with "show leaderboard", wherever the player is.
  const toast = page.getByText('Carrera E2E ha terminado.');
  await expect(toast).toBeVisible({ timeout: startsAt + 100_000 - Date.now() + 20_000 });
  await page.getByRole('button', { name: 'Ver clasificación' }).click();
  const board = page.getByRole('dialog', { name: 'Clasificación: Carrera E2E' });
  await expect(board).toBeVisible();
  await expect(board.locator('tr[data-mine]')).toContainText('Tú');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/artifacts/tournaments-finished-es.png' });
  await operator.dispose();
  await rival.dispose();
});
