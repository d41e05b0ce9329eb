// Prints a one-time sign-in link (15 minutes, single use) for a player: `npm run auth:login-link -- EMAIL [PATH]`.
import { openDatabase } from '@sweepstack/db/connection';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { findPlayerWithHashByEmail } from '@sweepstack/db/repositories/players';
import { normalizeEmail } from '@sweepstack/domain/auth/email';
import { systemClock } from '@sweepstack/domain/shared/clock';
import { createLoginToken, loginLink } from '../auth/login-token';
import { loadConfig } from '../config';

const [email, path = '/lobby/'] = process.argv.slice(2);
if (!email) {
  process.stderr.write('usage: npm run auth:login-link -- EMAIL [PATH]\n');
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  const player = await findPlayerWithHashByEmail(database.db, normalizeEmail(email));
  if (!player) {
    process.stderr.write(`no player with email ${email}\n`);
    process.exitCode = 1;
  } else {
    const token = await createLoginToken({ database, clock: systemClock }, player.id);
    process.stdout.write(`${loginLink(config.publicOrigin, token, path.startsWith('/') ? path : `/${path}`)}\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
