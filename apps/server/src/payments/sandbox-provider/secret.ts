import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The webhook signing secret shared by the sandbox provider and our webhook endpoint:
 * PAYMENTS_SANDBOX_SECRET, or generated once under DATA_DIR (like the session secret), so that
 * every process on the same data folder signs and verifies with the same key.
 */
export function sandboxWebhookSecret(config: { PAYMENTS_SANDBOX_SECRET?: string | undefined; dataDir: string }): string {
  if (config.PAYMENTS_SANDBOX_SECRET) return config.PAYMENTS_SANDBOX_SECRET;
  const file = path.join(config.dataDir, 'sandbox-payments-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const created = randomBytes(32).toString('hex');
  try {
    // 'wx': two processes starting together must not overwrite each other's secret.
    writeFileSync(file, created + '\n', { mode: 0o600, flag: 'wx' });
    return created;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}
