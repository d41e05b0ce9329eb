import { migrateToLatest } from '@sweepstack/db/migrate';
import { openDatabase } from '@sweepstack/db/connection';
import { build } from './app';
import { ConfigError, loadConfig } from './config';

/** Starts one server process: validates settings, migrates, listens, and drains on SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
    throw error;
  }
  const dev = process.argv.includes('--dev');
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const app = await build({ config, database, web: dev ? 'development' : process.argv.includes('--no-web') ? 'off' : 'production' });

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
