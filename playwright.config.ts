import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sweepstack-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The device is in Austin, TX (e2e/helpers.ts ALLOWED_LOCATION), where Fortune Coin play is offered:
    // the web checks the device's location when a journey turns to Fortune Coins or uses an autologin
    // link, and would send a context without it to /geoblock/. `browser.newContext()` inherits these.
    geolocation: { latitude: 30.2672, longitude: -97.7431 },
    permissions: ['geolocation'],
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npm run --silent db:seed && node --import tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // Development mode, as before production became the default: the journeys switch themes with
      // ?theme=, which production ignores. The dev outbox page needs `--dev` and is not used here.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      THEME: process.env.THEME ?? 'nlc',
      REDIS_URL: '',
      // The seeded quest is switched off on this shared server: a running quest pays for the rounds of
      // every journey that reads exact balances. e2e/quests.spec.ts switches it on for its own check.
      SEED_QUESTS_RUNNING: 'false',
      // An operator for journeys that need a review (e2e/cashier.spec.ts approves a document).
      OPERATOR_BOOTSTRAP_EMAIL: 'operator@e2e.sweepstack.local',
      OPERATOR_BOOTSTRAP_PASSWORD: 'E2e-Operator-2026!',
    },
  },
});
