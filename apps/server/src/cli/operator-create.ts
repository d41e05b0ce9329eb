// Creates an operator account: `OPERATOR_PASSWORD=… npm run operator:create -- EMAIL ROLE`
// (ROLE: support, compliance or admin). Without OPERATOR_PASSWORD the password is read from stdin.
import { openDatabase } from '@sweepstack/db/connection';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { systemClock } from '@sweepstack/domain/shared/clock';
import { loadConfig } from '../config';
import { createOperator, OPERATOR_ROLES, type OperatorRole } from '../kyc/operators';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split('\n')[0]!.trim();
}

const [email, role] = process.argv.slice(2);
if (!email || !role || !(OPERATOR_ROLES as readonly string[]).includes(role)) {
  process.stderr.write('usage: OPERATOR_PASSWORD=… npm run operator:create -- EMAIL support|compliance|admin\n');
  process.exit(2);
}
const password = process.env.OPERATOR_PASSWORD ?? (await readStdin());
if (password.length < 12) {
  process.stderr.write('the password must be at least 12 characters\n');
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  const created = await createOperator(database.db, systemClock, { email, password, role: role as OperatorRole });
  if (!created) {
    process.stderr.write(`an operator with email ${email} already exists\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`operator ${created.email} created with role ${created.role}\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
