import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { THEMES } from '@sweepstack/contracts/themes';
import { z } from 'zod';

// The theme list lives in contracts (one typed theme config); re-exported for existing importers.
export { THEMES };

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads from the environment, validated once at boot. */
export const ZServerEnv = z.object({
  /** Production unless said otherwise: `npm start` must be safe to expose (docs/security.md). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:PATH or postgres://…')
    .default('sqlite:data/sweepstack.db'),
  DATA_DIR: z.string().min(1).default('data'),
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://…').optional(),
  THEME: z.enum(THEMES).default('nlc'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CAPTCHA_ENABLED: booleanFromString.default(false),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_SCRIPT_URL: z.url().optional(),
  CAPTCHA_VERIFY_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'must be smtp://… or smtps://…').optional(),
  MAIL_FROM: z.string().min(3).default('Sweepstack <no-reply@sweepstack.local>'),
  SENTRY_DSN: z.url().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  TRUST_PROXY: booleanFromString.default(false),
  /**
   * With TRUST_PROXY: how many proxies (load balancers) stand in front of the server. The client
   * address is the X-Forwarded-For entry that many hops from the right; entries further left are
   * whatever the client wrote and are never used.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /** Identifies the web build (GET /builds/latest.json); by default a hash of the web server bundle. */
  BUILD_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -').optional(),
  /** Folder the image endpoint (/img/) reads sources from; by default the web app's public folder. */
  WEB_PUBLIC_DIR: z.string().min(1).optional(),
  /** Sandbox payment provider (docs/cashier.md). Webhook secret: generated under DATA_DIR when unset. */
  PAYMENTS_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** realistic: network delays and webhook chaos; deterministic: no delays, chaos only from a seeded RNG. */
  PAYMENTS_SANDBOX_MODE: z.enum(['realistic', 'deterministic']).default('realistic'),
  PAYMENTS_SANDBOX_DUPLICATE_RATE: z.coerce.number().min(0).max(1).default(0.05),
  PAYMENTS_SANDBOX_REORDER_RATE: z.coerce.number().min(0).max(1).default(0.05),
  /** Run the provider's job worker in this process (tests turn it off and drain by hand). */
  PAYMENTS_SANDBOX_WORKER: booleanFromString.default(true),
  /** Deliver webhooks over HTTP to this URL instead of in-process to this server's own endpoint. */
  PAYMENTS_SANDBOX_WEBHOOK_URL: z.url().optional(),
  /**
   * Run the outbox dispatcher in this process (docs/realtime.md). Off on web-only nodes of a
   * multi-node deployment; at least one process on the database must run it.
   */
  OUTBOX_DISPATCHER: booleanFromString.default(true),
  /**
   * Run the durable job runner in this process (docs/jobs.md). Off on web-only nodes; at least one
   * process on the database must run it.
   */
  JOBS_RUNNER: booleanFromString.default(true),
  /**
   * The web's device location check (docs/geo-restriction.md, "The web's geolocation flow"): on, the
   * browser asks for the device's position when a visitor turns to Fortune Coins, arrives by an
   * autologin link or logs out, and sends a refusal to the geoblock page. Off, the web asks nothing.
   */
  GEO_DEVICE_CHECK: booleanFromString.default(true),
  /** How long a job's claim holds without a heartbeat (heartbeats every third of it); a dead node's jobs wait this long. */
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** First admin operator, created at start when no operator has this email (docs/kyc-and-redeem.md). */
  OPERATOR_BOOTSTRAP_EMAIL: z.email().optional(),
  OPERATOR_BOOTSTRAP_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /**
   * How long a guest page is served from memory before it is rendered again (docs/page-serving.md);
   * 0 turns the cache off. Catalogue changes drop stored pages sooner (CONTENT_CHECK_INTERVAL_MS).
   */
  GUEST_PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * The signed-in lobby's player-neutral render (docs/page-serving.md, "Session 11"): the age of its
   * live figures (last winners, the game of the week) after which it is rendered again, in the
   * background while the stored page is still answered; a content change does so within
   * CONTENT_CHECK_INTERVAL_MS whatever this says. 0 turns the cache off (every lobby renders in full).
   */
  PLAYER_PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  /**
   * How often a server checks the content fingerprint (content_sets) for edits made by any node: the
   * longest time an operator's change takes to show everywhere (docs/page-serving.md).
   */
  CONTENT_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Delay between the sandbox identity provider's simulated steps. */
  KYC_SANDBOX_STEP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
});
export type ServerEnv = z.infer<typeof ZServerEnv>;

export interface ServerConfig extends ServerEnv {
  SESSION_SECRET: string;
  /** The file the session secret was read from or generated into, when SESSION_SECRET is not set. */
  sessionSecretFile: string | undefined;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Origin the site is served from (PUBLIC_URL or http://localhost:PORT). */
  publicOrigin: string;
  secureCookies: boolean;
  isProduction: boolean;
  /**
   * `npm run dev` (main.ts --dev): development tools such as the /dev/outbox page, which shows
   * password-reset links and one-time codes to whoever opens it. Never from the environment alone.
   */
  devTools: boolean;
}

export class ConfigError extends Error {}

/**
 * Validates the environment; the first bad variable becomes a one-line message naming it.
 * An unset SESSION_SECRET is generated once and kept under DATA_DIR (`sessionSecretFile` names the
 * file, for the start-up log line); `devTools` only when the caller says so (`npm run dev`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { devTools?: boolean } = {}): ServerConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZServerEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid setting ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const isProduction = values.NODE_ENV === 'production';
  let secret = values.SESSION_SECRET;
  let sessionSecretFile: string | undefined;
  if (!secret) {
    sessionSecretFile = path.join(dataDir, 'session-secret');
    secret = readOrCreateSecret(sessionSecretFile);
  }
  const publicOrigin = values.PUBLIC_URL ? new URL(values.PUBLIC_URL).origin : `http://localhost:${values.PORT}`;
  return {
    ...values,
    SESSION_SECRET: secret,
    sessionSecretFile,
    dataDir,
    publicOrigin,
    secureCookies: publicOrigin.startsWith('https:'),
    isProduction,
    devTools: options.devTools ?? false,
  };
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const created = randomBytes(32).toString('hex');
  writeFileSync(file, created + '\n', { mode: 0o600 });
  return created;
}
