import type { PlayerBalance } from '@sweepstack/contracts/app/app-init';
import type { TermsRequirement } from '@sweepstack/contracts/terms/terms';
import { preparedQuery } from '@sweepstack/db/prepared-query';
import type { Database } from '@sweepstack/db/schema';
import { sql, type Kysely } from 'kysely';
import { balanceFromAccounts } from '../../lib/player-balance';

/**
 * App init's per-player reads in one statement, compiled once per handle: the player's ledger
 * accounts (as `readPlayerBalance`), the terms documents whose current version they have not
 * confirmed (as `termsRequirement`) and the cashier's deposit count (as `readDepositsCount`), as one
 * UNION ALL. One round trip instead of three on every signed-in app init; the tests check it answers
 * exactly what the separate reads answer.
 */
const selectPlayerState = preparedQuery((db, playerId: number) =>
  db
    .selectFrom('ledger_accounts')
    .select((eb) => [
      sql<string>`'account'`.as('row_kind'),
      eb.ref('currency').$castTo<string>().as('name'),
      eb.ref('kind').$castTo<string | null>().as('kind'),
      eb.ref('balance').$castTo<number>().as('value'),
    ])
    .where('owner_player_id', '=', playerId)
    .unionAll(
      db
        .selectFrom('terms_documents as d')
        .select([sql<string>`'terms'`.as('row_kind'), 'd.key as name', sql<string | null>`null`.as('kind'), 'd.id as value'])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('terms_acceptances as a')
                .select('a.id')
                .whereRef('a.document_id', '=', 'd.id')
                .whereRef('a.version', '=', 'd.version')
                .where('a.player_id', '=', playerId),
            ),
          ),
        ),
    )
    .unionAll(
      db
        .selectFrom('cashier_player_stats')
        .select([sql<string>`'deposits'`.as('row_kind'), sql<string>`''`.as('name'), sql<string | null>`null`.as('kind'), 'deposits_count as value'])
        .where('player_id', '=', playerId),
    ),
);

export interface PlayerState {
  balance: PlayerBalance;
  termsRequirement: TermsRequirement[];
  depositsCount: number;
}

export async function readPlayerState(db: Kysely<Database>, playerId: number): Promise<PlayerState> {
  const rows = await selectPlayerState(db, playerId);
  const accounts: Array<{ currency: string; kind: string; balance: number }> = [];
  const termsRequirement: TermsRequirement[] = [];
  let depositsCount = 0;
  for (const row of rows) {
    if (row.row_kind === 'terms') termsRequirement.push({ id: Number(row.value), key: row.name });
    else if (row.row_kind === 'deposits') depositsCount = Number(row.value);
    else accounts.push({ currency: row.name, kind: row.kind ?? '', balance: Number(row.value) });
  }
  if (termsRequirement.length > 1) termsRequirement.sort((a, b) => a.id - b.id);
  return { balance: balanceFromAccounts(accounts), termsRequirement, depositsCount };
}
