import { systemClock, type Clock } from '@sweepstack/domain/shared/clock';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { type AccountRef, accountRefKey, type PlayerAccountKind, playerAccountKindsFor, systemAccountShard } from '@sweepstack/domain/wallet/accounts';
import type { Currency, LedgerAmount } from '@sweepstack/domain/wallet/money';
import { type PlayerBalances, planPlay, possiblePlayLegKeys } from '@sweepstack/domain/wallet/plan-play';
import { validateTransferShape } from '@sweepstack/domain/wallet/transfer-rules';
import type { Transaction } from 'kysely';
import type { Database } from '../../schema';
import { statementsOf } from '../../statements';
import { ledgerAtomic } from './atomic';
import { type AccountMap, loadAccounts } from './load-accounts';
import { type LedgerDb, type LedgerOptions, placeholders, toRecord, type TransferRecord, type TransferRequest, type TransferResult, type TransferRow } from './records';
import { type PlannedTransfer, refsOf, writeTransfers } from './write-transfers';

export interface PlayRequest {
  idempotencyKey: string;
  playerId: number;
  currency: Currency;
  amount: LedgerAmount | number;
  metadata?: Record<string, unknown>;
}

function playAccountRefs(request: PlayRequest): { ref: AccountRef; currency: Currency }[] {
  const refs = playerAccountKindsFor(request.currency).map((kind) => ({ ref: { playerId: request.playerId, kind } as AccountRef, currency: request.currency }));
  return [...refs, { ref: { system: 'game_play', shard: systemAccountShard(request.playerId) }, currency: request.currency }];
}

/**
 * The play's legs against loaded accounts: the legs first written when the key was used (replayed as
 * a whole), or the legs to write now.
 */
async function planPlayLegs(trx: Transaction<Database>, request: PlayRequest, accounts: AccountMap): Promise<{ replayed: TransferRecord[] } | { planned: PlannedTransfer[] }> {
  const amount = request.amount as number;
  const keys = possiblePlayLegKeys(request.idempotencyKey, request.currency);
  const existing = await statementsOf(trx).all<TransferRow>(`select * from ledger_transfers where idempotency_key in (${placeholders(keys.length)}) order by id`, keys);
  if (existing.length > 0) {
    const legs = existing.map(toRecord);
    const playerAccountIds = new Set(playerAccountKindsFor(request.currency).map((kind) => accounts.get(accountRefKey({ playerId: request.playerId, kind }, request.currency))?.id));
    const sameOwner = legs.every((leg) => playerAccountIds.has(leg.debitAccountId) && leg.reason === 'game_bet');
    if (!sameOwner || legs.reduce((sum, leg) => sum + leg.amount, 0) !== amount) {
      throw new DomainError('WALLET_IDEMPOTENCY_CONFLICT', `play key ${request.idempotencyKey} was used for a different play`);
    }
    return { replayed: legs };
  }
  return { planned: playLegs(request, accounts).map((leg) => ({ request: leg, status: 'posted' as const, pendingId: null })) };
}

/** The legs of a new play against the accounts' current balances: unplayed Fortune Coins first (planPlay). */
export function playLegs(request: PlayRequest, accounts: AccountMap): TransferRequest[] {
  const balance = (kind: PlayerAccountKind) => accounts.get(accountRefKey({ playerId: request.playerId, kind }, request.currency))?.balance ?? 0;
  const balances: PlayerBalances = { gc: request.currency === 'GC' ? balance('player_balance') : 0, fcUnplayed: request.currency === 'FC' ? balance('player_unplayed') : 0, fcRedeemable: request.currency === 'FC' ? balance('player_redeemable') : 0 };
  return planPlay(request.idempotencyKey, request.currency, request.amount as number, balances).legs.map((leg) => ({
    idempotencyKey: leg.idempotencyKey,
    from: { playerId: request.playerId, kind: leg.kind },
    to: { system: 'game_play' },
    currency: request.currency,
    amount: leg.amount,
    reason: 'game_bet',
    metadata: request.metadata,
  }));
}

/**
 * A play (optional) and transfers against loaded accounts, the caller providing atomicity: the play's
 * legs and the transfers are written by one insert and one balance update.
 */
async function writePlayAndTransfers(trx: Transaction<Database>, bet: PlayRequest | undefined, planned: PlannedTransfer[], accounts: AccountMap, clock: Clock): Promise<{ play: { legs: TransferRecord[]; replayed: boolean } | null; transfers: TransferResult[] }> {
  const legs = bet ? await planPlayLegs(trx, bet, accounts) : null;
  const fresh = legs && 'planned' in legs ? legs.planned : [];
  const written = fresh.length + planned.length > 0 ? await writeTransfers(trx, [...fresh, ...planned], accounts, clock) : [];
  const play = legs === null ? null : 'replayed' in legs ? { legs: legs.replayed, replayed: true } : { legs: written.slice(0, fresh.length).map((r) => r.transfer), replayed: false };
  return { play, transfers: written.slice(fresh.length) };
}

/**
 * Takes a bet into the game account: unplayed Fortune Coins first, then redeemable (planPlay). The
 * play is idempotent as a whole: a retry answers the legs first written even if the balances moved.
 */
export async function play(db: LedgerDb, request: PlayRequest, options: LedgerOptions = {}): Promise<{ legs: TransferRecord[]; replayed: boolean }> {
  const clock = options.clock ?? systemClock;
  validateTransferShape({ idempotencyKey: request.idempotencyKey, currency: request.currency, amount: request.amount as number, reason: 'game_bet' });
  return ledgerAtomic(db, async (trx) => (await writePlayAndTransfers(trx, request, [], await loadAccounts(trx, playAccountRefs(request), clock), clock)).play!);
}

/**
 * A play (optional) and transfers as one ledger operation: what `play` then `transferMany` do, with
 * the accounts of both loaded (on PostgreSQL: locked) once. (Game rounds settle many at a time
 * through SettlementBatch, which plans each one the same way.)
 */
export async function settle(
  db: LedgerDb,
  request: { play?: PlayRequest; transfers: TransferRequest[] },
  options: LedgerOptions = {},
): Promise<{ play: { legs: TransferRecord[]; replayed: boolean } | null; transfers: TransferResult[] }> {
  const clock = options.clock ?? systemClock;
  const bet = request.play;
  if (bet) validateTransferShape({ idempotencyKey: bet.idempotencyKey, currency: bet.currency, amount: bet.amount as number, reason: 'game_bet' });
  const planned: PlannedTransfer[] = request.transfers.map((r) => ({ request: r, status: 'posted', pendingId: null }));
  for (const { request: r } of planned) validateTransferShape(r as TransferRequest & { amount: number });
  if (!bet && planned.length === 0) return { play: null, transfers: [] };
  const work = async (trx: Transaction<Database>) => {
    const accounts = await loadAccounts(trx, [...(bet ? playAccountRefs(bet) : []), ...refsOf(planned)], clock);
    return writePlayAndTransfers(trx, bet, planned, accounts, clock);
  };
  return ledgerAtomic(db, work);
}
