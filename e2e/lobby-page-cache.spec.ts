import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freePort, startServerProcess, type ServerProcess } from '../apps/server/src/testing/server-process';
import { skipSignupGift, skipWelcomeModals, uniqueEmail, waitForHydration } from './helpers';

// The signed-in lobby served from the cache of its player-neutral render (docs/page-serving.md,
// "Session 11"). The cache works in production only, so this file starts a production server of its
// own beside the shared (development) one. The page must hydrate without a mismatch (the browser's
// first render uses the same neutral data as the HTML) and then show the player's own data.

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sweepstack-e2e-cache-'));
  // A stored page is kept a minute (not 5 s: a loaded machine must not turn a hit into a miss), and no
  // job runs (a job's write to a feature's status moves the content version, which drops stored pages).
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'cache.db')}`, LOG_LEVEL: 'warn', SEED_QUESTS_RUNNING: 'false', PLAYER_PAGE_CACHE_TTL_MS: '60000', JOBS_RUNNER: 'false' };
  const seeded = spawnSync('npm', ['run', '--silent', 'db:seed'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  server = await startServerProcess({ port: await freePort(), env });
});

test.afterAll(async () => {
  await server?.stop();
});

interface Player {
  email: string;
  cookie: { name: string; value: string };
  login: string;
}

async function newPlayer(tag: string): Promise<Player> {
  const email = uniqueEmail(tag);
  const answer = await fetch(`${server.url}/rest/auth/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'E2e-Player-2026', birthday: '1990-01-01', acceptedTerms: true }),
  });
  expect(answer.ok).toBe(true);
  const [name, value] = (answer.headers.getSetCookie().find((c) => c.startsWith('ss_session=')) ?? '').split(';')[0]!.split('=');
  const body = (await answer.json()) as { data: { login: string } };
  return { email, cookie: { name: name!, value: value! }, login: body.data.login };
}

/** A player's browser: signed in, language and cookie consent remembered; hydration problems collected. */
async function playerPage(browser: Browser, player: Player, { welcome = false }: { welcome?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([
    { ...player.cookie, url: server.url },
    { name: 'i18n_redirected', value: 'en', url: server.url },
    { name: 'cookie_control_consent', value: 'true', url: server.url },
    // The preset package pop-up is not what this is about (helpers' skipPresetPackageModal, on this server).
    { name: 'presetPackageModal', value: '1', url: server.url },
  ]);
  const page = await context.newPage();
  if (!welcome) await skipWelcomeModals(page);
  await skipSignupGift(page);
  const problems: string[] = [];
  // React reports a hydration mismatch as a console error (minified: errors #418, #423, #425) or an uncaught error.
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

test('two players get the cached lobby, each hydrates without a mismatch and then shows their own data', async ({ browser }) => {
  const players = [await newPlayer('cache-one'), await newPlayer('cache-two')];
  const seen: string[] = [];
  for (const [index, player] of players.entries()) {
    const { page, problems } = await playerPage(browser, player);
    const response = await page.goto(`${server.url}/lobby/`);
    expect(response?.status()).toBe(200);
    seen.push((await response?.headerValue('x-page-cache')) ?? '');
    // The HTML is the neutral render: no name in the greeting, no balance figure.
    const html = (await response?.text()) ?? '';
    expect(html.slice(0, html.indexOf('<script id="player-data"'))).not.toContain(player.login);
    await waitForHydration(page);
    // Then the player's own data: their name, their balance (the sign-up gift), their promotion cards.
    await expect(page.locator('#welcome-title')).toHaveText(`Welcome, ${player.login}!`);
    await expect(page.getByTestId('balance-gold')).not.toBeEmpty();
    await expect(page.getByTestId('home-promotions-cards').locator('li').first()).toBeVisible();
    await expect(page.locator('#welcome-title')).not.toContainText(players[1 - index]!.login);
    expect(problems).toEqual([]);
    await page.context().close();
  }
  expect(seen).toEqual(['miss', 'hit']);
});

test('the Spanish lobby hydrates from the cache too', async ({ browser }) => {
  const player = await newPlayer('cache-es');
  const { page, problems } = await playerPage(browser, player);
  const response = await page.goto(`${server.url}/es/lobby/`);
  expect(response?.status()).toBe(200);
  expect(['miss', 'hit']).toContain(await response?.headerValue('x-page-cache'));
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('#welcome-title')).toContainText(player.login);
  expect(problems).toEqual([]);
  await page.context().close();
});

test("the player's features come with their data: the day's welcome opens the daily login modal on a cached lobby", async ({ browser }) => {
  test.setTimeout(60_000);
  // Another player first, so that this one is served the stored page.
  await (await fetch(`${server.url}/lobby/`, { headers: { accept: 'text/html', cookie: `i18n_redirected=en; cookie_control_consent=true; ss_session=${(await newPlayer('cache-warm')).cookie.value}` } })).text();
  const player = await newPlayer('cache-welcome');
  const { page, problems } = await playerPage(browser, player, { welcome: true });
  const response = await page.goto(`${server.url}/lobby/`);
  expect(await response?.headerValue('x-page-cache')).toBe('hit');
  const dialog = page.getByRole('dialog', { name: 'Daily login prizes' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(problems).toEqual([]);
  await page.context().close();
});
