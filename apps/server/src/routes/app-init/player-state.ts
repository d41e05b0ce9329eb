import type { PlayerBalance } from '@sweepstack/contracts/app/app-init';
import type { TermsRequirement } from '@sweepstack/contracts/terms/terms';
import { preparedQuery } from '@sweepstack/db/prepared-query';
import type { Database } from '@sweepstack/db/schema';
import { sql, type Kysely } from 'kysely';
import { balanceFromAccounts } from '../../lib/player-balance';

/**
 * App init's per-player reads in one statement, compiled once per handle: the player's ledger
 * accounts (as `readPlayerBalance`), the terms documents whose current version they have not
 * confirmed (as `termsRequirement`), the cashier's deposit count (as `readDepositsCount`) and every
 * feature module's state row of the player (`player_feature_state`, its JSON in `kind`), as one
 * UNION ALL: its cost does not grow with the number of features. One round trip instead of three on every signed-in app init; the tests check it answers
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
    )
    .unionAll(
      db
        .selectFrom('player_feature_state')
        .select([sql<string>`'feature'`.as('row_kind'), 'feature as name', 'state_json as kind', sql<number>`0`.as('value')])
        .where('player_id', '=', playerId),
    ),
);

export interface PlayerState {
  balance: PlayerBalance;
  termsRequirement: TermsRequirement[];
  depositsCount: number;
  /** The player's `player_feature_state` rows, JSON parsed, by feature. */
  featureStates: Map<string, unknown>;
}

export async function readPlayerState(db: Kysely<Database>, playerId: number): Promise<PlayerState> {
  const rows = await selectPlayerState(db, playerId);
  const accounts: Array<{ currency: string; kind: string; balance: number }> = [];
  const termsRequirement: TermsRequirement[] = [];
  let depositsCount = 0;
  const featureStates = new Map<string, unknown>();
  for (const row of rows) {
    if (row.row_kind === 'terms') termsRequirement.push({ id: Number(row.value), key: row.name });
    else if (row.row_kind === 'deposits') depositsCount = Number(row.value);
    else if (row.row_kind === 'feature') featureStates.set(row.name, JSON.parse(row.kind ?? 'null') as unknown);
    else accounts.push({ currency: row.name, kind: row.kind ?? '', balance: Number(row.value) });
  }
  if (termsRequirement.length > 1) termsRequirement.sort((a, b) => a.id - b.id);
  return { balance: balanceFromAccounts(accounts), termsRequirement, depositsCount, featureStates };
}
