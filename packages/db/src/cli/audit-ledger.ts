// `npm run audit:ledger`: checks every ledger invariant on DATABASE_URL; exits 1 naming the first
// broken one (then lists the others found), 0 when the ledger is sound.
import { openDatabase } from '../connection';
import { auditLedger } from '../repositories/ledger-audit';

const url = process.env.DATABASE_URL || 'sqlite:data/sweepstack.db';
const handle = openDatabase(url, { poolSize: 2 });
try {
  const violations = await auditLedger(handle.db);
  const first = violations[0];
  if (!first) {
    const counts = await handle.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    process.stdout.write(`ledger audit passed: every invariant holds (${Number(counts.n)} transfers)\n`);
  } else {
    process.stderr.write(`ledger audit FAILED: ${first.invariant}: ${first.message}\n`);
    for (const v of violations.slice(1)) process.stderr.write(`  also ${v.invariant}: ${v.message}\n`);
    process.exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`ledger audit could not run: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
} finally {
  await handle.close();
}
