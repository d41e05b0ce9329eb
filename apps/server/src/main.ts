import { migrateToLatest } from '@sweepstack/db/migrate';
import { openDatabase } from '@sweepstack/db/connection';
import { build } from './app';
import { ConfigError, loadConfig } from './config';

const ENV_FILE_NOTICE = /The `envFile` option is deprecated, please use `envDir: false` instead\./;

/** Starts one server process: validates settings, migrates, listens, and drains on SIGTERM. */
async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  // Production unless said otherwise (`npm run dev` is development): the libraries the web app
  // renders with read NODE_ENV too, so it is set for the whole process, not only in the config.
  process.env.NODE_ENV ||= dev ? 'development' : 'production';
  let config;
  try {
    config = loadConfig(process.env, { devTools: dev });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  // `npm run dev`: React Router's internal Vite servers start with `envFile: false`, and Vite 8 warns
  // about that option once per server (three identical lines at every start, nothing to act on; the
  // build's copies are dropped by apps/web/scripts/quiet.mjs). Muted while the web app starts, only that line.
  const warn = console.warn;
  if (dev) console.warn = (...args: unknown[]) => (typeof args[0] === 'string' && ENV_FILE_NOTICE.test(args[0]) ? undefined : warn(...args));
  const app = await build({ config, database, web: dev ? 'development' : process.argv.includes('--no-web') ? 'off' : 'production' }).finally(() => {
    console.warn = warn;
  });
  if (config.sessionSecretFile) {
    app.log.info(
      { file: config.sessionSecretFile },
      'SESSION_SECRET is not set: using the secret generated under DATA_DIR (set SESSION_SECRET, the same on every node, when several serve one site)',
    );
  }
  if (config.devTools) app.log.warn('development tools are on (npm run dev): /dev/outbox shows every mail and SMS to anyone who opens it');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, draining requests');
    const force = setTimeout(() => {
      app.log.error('drain took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

void main();
