import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'sweepstack-config-'));

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('sqlite:data/sweepstack.db');
    expect(config.THEME).toBe('nlc');
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.REDIS_URL).toBeUndefined();
    // Production unless said otherwise, with no development tools (docs/security.md).
    expect(config.NODE_ENV).toBe('production');
    expect(config.isProduction).toBe(true);
    expect(config.devTools).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['THEME', 'casino'],
    ['REDIS_URL', 'http://x'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'mail.example'],
  ])('stops on a bad %s with a one-line message naming it', (name, value) => {
    let caught: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  it('generates SESSION_SECRET once under DATA_DIR when unset (production too) and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir, NODE_ENV: 'development' });
    expect(first.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(first.sessionSecretFile).toBe(path.join(dir, 'session-secret'));
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.SESSION_SECRET);
    const given = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) });
    expect(given.SESSION_SECRET).toBe('x'.repeat(32));
    expect(given.sessionSecretFile).toBeUndefined();
  });

  it('turns the development tools on only when the caller asks (npm run dev), whatever NODE_ENV says', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).devTools).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir() }, { devTools: true }).devTools).toBe(true);
  });

  it('uses Secure cookies when PUBLIC_URL is https', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://play.example.com/' });
    expect(config.secureCookies).toBe(true);
    expect(config.publicOrigin).toBe('https://play.example.com');
  });
});
