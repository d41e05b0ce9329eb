import type { LedgerDb } from '@sweepstack/db/repositories/ledger/records';
import { auditLedger } from '@sweepstack/db/repositories/ledger-audit';

/** Fails (throws) when any ledger invariant is broken; every test that moves coins ends with it. */
export async function expectLedgerBalanced(db: LedgerDb): Promise<void> {
  const violations = await auditLedger(db);
  if (violations.length > 0) {
    throw new Error(`ledger invariants broken:\n${violations.map((v) => `  ${v.invariant}: ${v.message}`).join('\n')}`);
  }
}
