// Prints the last messages of the outbox (mails and SMS kept by the sandbox): `npm run mail:outbox [-- N]`.
import { openDatabase } from '@sweepstack/db/connection';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { listOutboxMessages } from '@sweepstack/db/repositories/outbox-messages';
import { loadConfig } from '../config';

const limit = Math.min(Math.max(Number(process.argv[2] ?? 20) || 20, 1), 500);
const config = loadConfig();
const handle = openDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(handle.db);
  const messages = await listOutboxMessages(handle.db, { limit });
  if (messages.length === 0) process.stdout.write('The outbox is empty.\n');
  for (const m of messages.reverse()) {
    process.stdout.write(`#${m.id} ${new Date(m.created_at_ms).toISOString()} ${m.channel} to ${m.recipient} [${m.status}]\n`);
    process.stdout.write(`Subject: ${m.subject}\n${m.body.trimEnd()}\n${'-'.repeat(60)}\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
