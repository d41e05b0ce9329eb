import { AppError, type ErrorCode } from '@sweepstack/contracts/errors';
import { recordEvents, type NewDomainEvent } from '@sweepstack/db/repositories/domain-events';
import { advanceSeedNonces, ensureActiveSeed, findRoundsByKeys, insertRounds, lockActiveSeeds, lockGameSessions, updateSessionsAfterRounds, type FairnessSeed, type GameRound, type GameSession, type NewGameRound } from '@sweepstack/db/repositories/game-play';
import { claimJackpotPush, jackpotPoolValue, payJackpot } from '@sweepstack/db/repositories/jackpots';
import { FreeSpinsPlayed } from '@sweepstack/contracts/rewards/events';
import { lockFreeSpinGrants, useFreeSpins, type FreeSpinGrantRow } from '@sweepstack/db/rewards/repository';
import { ledgerAtomic } from '@sweepstack/db/repositories/ledger/atomic';
import type { TransferRequest } from '@sweepstack/db/repositories/ledger/records';
import { SettlementBatch } from '@sweepstack/db/repositories/ledger/settlement-batch';
import type { Player } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import { SYSTEM_ACCOUNT_SHARDS, systemAccountShard, type AccountRef } from '@sweepstack/domain/wallet/accounts';
import { CURRENCIES, type Currency } from '@sweepstack/domain/wallet/money';
import { playerCreditKind } from '@sweepstack/domain/wallet/transfer-rules';
import type { GameState, StepOutcome } from '@sweepstack/games/engines/types';
import { replayStep } from '@sweepstack/games/fairness/verify-round';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../app-context';
import { pushEvent } from '../realtime/push';
import { currencyOfMode, JACKPOT_PUSH_INTERVAL_MS, JACKPOT_WON_EVENT, maskName, nativeHmacSha256, newSeedCandidate, parseState, playRefusal, requireGame, ROUND_PLAYED_EVENT, ROUND_WON_EVENT, roundView } from './play';

/**
 * The spin (POST /rest/game/{id}/spin/, docs/games/play-api.md): one step of play as one atomic
 * ledger operation with its round row, the session's feature state, the seed's nonce and the outbox
 * events. Spins that arrive together are played as a group, in one transaction, by a few multi-row
 * statements per group (`playSpins`, `queueSpin`); on PostgreSQL with their rows locked.
 */
export interface SpinInput {
  playerId: number;
  /** The request's player as its session lookup read it. */
  player: { accountStatus: Player['account_status']; gameMode: Player['game_mode'] };
  gameId: number;
  session: string;
  bet: number;
  buy: boolean;
  idempotencyKey: string;
  /** Play this spin from a free-spin grant (docs/rewards.md): at the grant's bet, no stake taken. */
  freeSpinsId?: number;
}

type RequiredGame = Awaited<ReturnType<typeof requireGame>>;

interface SpinRequest {
  game: RequiredGame;
  input: SpinInput;
}

type SpinResult = { ok: true; round: GameRound; seed: FairnessSeed; replayed: boolean; outcome?: StepOutcome; freeSpinsRemain?: number } | { ok: false; code: ErrorCode; message?: string };

function refuse(code: ErrorCode, message?: string): SpinResult {
  return message === undefined ? { ok: false, code } : { ok: false, code, message };
}

/** Whether a round (played, or planned earlier in the group) was played by this same request. */
function sameRequest(round: Pick<NewGameRound, 'session_id' | 'bet' | 'outcome_json'>, session: GameSession, input: SpinInput): boolean {
  const outcome = JSON.parse(round.outcome_json) as StepOutcome;
  return Number(round.session_id) === Number(session.id) && Number(round.bet) === input.bet && outcome.bought === input.buy;
}

function balanceIn(balance: { tourPoints: number; entries: number }, currency: Currency): number {
  return currency === 'GC' ? balance.tourPoints : balance.entries;
}

/** A round planned in this group: written with the others once every spin of the group is planned. */
interface PlannedRound {
  index: number;
  round: NewGameRound;
  seed: FairnessSeed;
  outcome: StepOutcome;
  grand: boolean;
  /** The player's balances after the round, for the balance push. */
  balances: { entries: number; winnings: number; tourPoints: number; coins: number };
  /** The free-spin grant the round was played from. */
  freeSpinsId?: number;
  id?: number;
}

/**
 * The system accounts a group's rounds may move: the game and jackpot accounts of the players'
 * shards. On SQLite those of every shard, so that the statement's text is always the same; on
 * PostgreSQL only the players' own, which the group locks (with its players' accounts, by one
 * statement in id order, after the sessions and before the seeds).
 */
function systemRefs(playerIds: Iterable<number>, postgres: boolean): { ref: AccountRef; currency: Currency }[] {
  const shards = postgres ? new Set([...playerIds].map((id) => systemAccountShard(id))) : Array.from({ length: SYSTEM_ACCOUNT_SHARDS }, (_, shard) => shard);
  return [...shards].flatMap((shard) => CURRENCIES.flatMap((currency) => [{ ref: { system: 'game_play', shard } as AccountRef, currency }, { ref: { system: 'jackpots', shard } as AccountRef, currency }]));
}

/**
 * Plays a group of spins in the caller's transaction, in order, and answers each one's result.
 * Reads are one statement per kind for the whole group (sessions, rounds under the keys, balances,
 * seeds); each spin is then checked and played in memory against the state the spins before it left
 * (balances, nonces, feature states); the writes are again a few statements for the group. Refusals
 * are results and write nothing. Anything thrown leaves the transaction to be rolled back whole.
 */
export async function playSpins(deps: AppDeps, trx: Transaction<Database>, requests: readonly SpinRequest[]): Promise<SpinResult[]> {
  const clock = deps.clock;
  const results: (SpinResult | undefined)[] = new Array(requests.length);
  const sessions = new Map((await lockGameSessions(trx, requests.map((r) => r.input.session))).map((s) => [s.token, s]));
  const candidates: number[] = [];
  requests.forEach(({ input }, i) => {
    const session = sessions.get(input.session);
    if (!session || Number(session.game_id) !== input.gameId) results[i] = refuse('GAME_SESSION_NOT_FOUND');
    else if (Number(session.player_id) !== input.playerId) results[i] = refuse('GAME_SESSION_FORBIDDEN');
    else candidates.push(i);
  });
  const keyOf = (input: SpinInput) => `${input.playerId}:${input.idempotencyKey}`;
  const candidateInputs = candidates.map((i) => requests[i]!.input);
  const played = new Map((await findRoundsByKeys(trx, candidateInputs)).map((round) => [`${round.player_id}:${round.idempotency_key}`, round]));
  const playerIds = new Set(candidateInputs.map((input) => input.playerId));
  const openBatch = () => SettlementBatch.open(trx, { playerIds: [...playerIds], system: systemRefs(playerIds, deps.database.dialect === 'postgres') }, { clock });
  let batch = playerIds.size > 0 ? await openBatch() : null;
  const seeds = new Map((await lockActiveSeeds(trx, [...playerIds])).map((seed) => [Number(seed.player_id), seed]));
  // Free-spin grants the group plays from (rare: read only when a spin names one), spins left in memory.
  const grantIds = candidateInputs.flatMap((input) => (input.freeSpinsId === undefined ? [] : [input.freeSpinsId]));
  const grants = new Map(grantIds.length === 0 ? [] : (await lockFreeSpinGrants(trx, grantIds)).map((g) => [Number(g.id), { row: g, left: Number(g.spins_remain) }]));
  const grantUses = new Map<number, { count: number; roundIds: number[] }>();
  const nonces = new Map<number, { from: number; next: number }>();
  const states = new Map<number, { state: GameState; rounds: number }>();
  const planned = new Map<string, PlannedRound>();
  const rounds: PlannedRound[] = [];
  const replaysOfPlanned: { index: number; of: PlannedRound }[] = [];

  for (const i of candidates) {
    const { game, input } = requests[i]!;
    const session = sessions.get(input.session)!;
    const existing = played.get(keyOf(input));
    if (existing) {
      if (!sameRequest(existing, session, input)) results[i] = refuse('GAME_ROUND_KEY_CONFLICT');
      else results[i] = { ok: true, round: existing, seed: await trx.selectFrom('fairness_seeds').selectAll().where('id', '=', existing.seed_id).executeTakeFirstOrThrow(), replayed: true };
      continue;
    }
    const earlier = planned.get(keyOf(input));
    if (earlier) {
      // The same key earlier in this group: its replay, as if it came one request later.
      if (!sameRequest(earlier.round, session, input)) results[i] = refuse('GAME_ROUND_KEY_CONFLICT');
      else replaysOfPlanned.push({ index: i, of: earlier });
      continue;
    }
    if (session.status !== 'open') {
      results[i] = refuse('GAME_SESSION_CLOSED');
      continue;
    }
    // The request's player was read for this request (its session lookup): status and mode are current.
    if (input.player.accountStatus !== 'ACTIVE') {
      results[i] = refuse(playRefusal(input.player.accountStatus));
      continue;
    }
    const currency = session.currency;
    if (currencyOfMode(input.player.gameMode) !== currency) {
      results[i] = refuse('GAME_MODE_MISMATCH');
      continue;
    }
    const sessionId = Number(session.id);
    const state = states.get(sessionId)?.state ?? parseState(session.feature_state_json);
    const limits = game.studio.bets[currency];
    const divisor = game.studio.config.betDivisor;
    let stake: number;
    const grant = input.freeSpinsId === undefined ? undefined : grants.get(input.freeSpinsId);
    if (input.freeSpinsId !== undefined) {
      const refusal = freeSpinRefusal(grant?.row, grant?.left ?? 0, input, currency, state, limits, clock.nowMs());
      if (refusal) {
        results[i] = refuse('FREE_SPINS_NOT_AVAILABLE', refusal);
        continue;
      }
      stake = 0;
    } else if (state !== null) {
      if (input.buy) {
        results[i] = refuse('GAME_FEATURE_IN_PROGRESS');
        continue;
      }
      if (input.bet !== state.bet) {
        results[i] = refuse('GAME_FEATURE_IN_PROGRESS', `The feature in progress plays at a bet of ${state.bet}.`);
        continue;
      }
      stake = 0;
    } else {
      const buy = 'bonusBuy' in game.studio.config ? game.studio.config.bonusBuy : undefined;
      if (input.bet > limits.max) results[i] = refuse('GAME_BET_OVER_MAX');
      else if (input.bet < limits.min || input.bet % divisor !== 0) results[i] = refuse('GAME_BET_INVALID');
      else if (input.buy && !buy) results[i] = refuse('GAME_BONUS_BUY_UNAVAILABLE');
      if (results[i]) continue;
      stake = input.buy ? buy!.priceUnits * (input.bet / divisor) : input.bet;
    }
    if (stake > balanceIn(batch!.balances(input.playerId), currency)) {
      results[i] = refuse('WALLET_INSUFFICIENT_FUNDS');
      continue;
    }

    // Nothing was written for this spin so far; from here on everything belongs to its round.
    const now = clock.nowMs();
    let seed = seeds.get(input.playerId);
    if (!seed) {
      seed = await ensureActiveSeed(trx, input.playerId, newSeedCandidate(), now);
      seeds.set(input.playerId, seed);
    }
    const seedId = Number(seed.id);
    const taken = nonces.get(seedId) ?? { from: Number(seed.next_nonce), next: Number(seed.next_nonce) };
    const nonce = taken.next;
    taken.next += 1;
    nonces.set(seedId, taken);
    const step = replayStep(game.slug, { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }, input.buy ? { bet: input.bet, buy: true } : { bet: input.bet }, state, nativeHmacSha256);
    // A free spin plays the engine's paid step at the grant's bet; the grant, not the player, stakes it.
    if (step.stake !== (grant ? input.bet : stake)) throw new Error(`${game.slug}: the engine charged ${step.stake}, the checks expected ${stake}`);
    const outcome = grant ? { ...step, stake: 0 } : step;
    if (grant) grant.left -= 1;
    const key = `game:${input.playerId}:${input.idempotencyKey}`;
    const metadata = { gameId: input.gameId, session: sessionId, nonce };
    const shard = systemAccountShard(input.playerId);
    const moves: TransferRequest[] = [];
    if (outcome.totalWin > 0) moves.push({ idempotencyKey: `${key}:win`, from: { system: 'game_play' }, to: { playerId: input.playerId, kind: playerCreditKind(currency, 'game_win') }, currency, amount: outcome.totalWin, reason: 'game_win', metadata });
    if (outcome.jackpotContribution > 0) moves.push({ idempotencyKey: `${key}:jp-in`, from: { system: 'game_play', shard }, to: { system: 'jackpots', shard }, currency, amount: outcome.jackpotContribution, reason: 'jackpot_contribution', metadata });
    batch!.add({ play: outcome.stake > 0 ? { idempotencyKey: key, playerId: input.playerId, currency, amount: outcome.stake, metadata } : undefined, transfers: moves });
    const grand = outcome.jackpots.some((j) => j.tier === 'grand' && j.amount === null);
    let jackpotWin = 0;
    if (grand) {
      // A Grand pays the whole pool as the ledger holds it: write what the group planned so far
      // (this round's contribution included), pay, and go on from the balances as now stored.
      await batch!.write();
      jackpotWin = await payJackpot(trx, { idempotencyKey: key, playerId: input.playerId, currency, nowMs: now, metadata });
      batch = await openBatch();
    }
    const win = outcome.totalWin + jackpotWin;
    const after = batch!.balances(input.playerId);
    const round: NewGameRound = {
      player_id: input.playerId,
      session_id: sessionId,
      game_id: input.gameId,
      currency,
      idempotency_key: input.idempotencyKey,
      bet: input.bet,
      stake: outcome.stake,
      win,
      jackpot_contribution: outcome.jackpotContribution,
      jackpot_win: jackpotWin,
      step: outcome.step,
      bought: outcome.bought ? 1 : 0,
      seed_id: seedId,
      nonce,
      state_before_json: state === null ? null : JSON.stringify(state),
      outcome_json: JSON.stringify(outcome),
      balance_after: balanceIn(after, currency),
      created_at_ms: now,
    };
    const entry: PlannedRound = { index: i, round, seed, outcome, grand, balances: { entries: after.entries, winnings: after.winnings, tourPoints: after.tourPoints, coins: after.coins }, ...(grant ? { freeSpinsId: Number(grant.row.id) } : {}) };
    rounds.push(entry);
    planned.set(keyOf(input), entry);
    const sessionState = states.get(sessionId) ?? { state, rounds: 0 };
    sessionState.state = outcome.next;
    sessionState.rounds += 1;
    states.set(sessionId, sessionState);
  }

  if (rounds.length > 0) {
    await batch!.write();
    await advanceSeedNonces(trx, [...nonces.entries()].map(([seedId, { from, next }]) => ({ seedId, from, to: next })));
    const ids = await insertRounds(trx, rounds.map((r) => r.round));
    const events: NewDomainEvent[] = [];
    const grandCurrencies = new Set<Currency>();
    const contributed = new Set<Currency>();
    for (const [n, entry] of rounds.entries()) {
      entry.id = ids[n]!;
      if (entry.freeSpinsId !== undefined) {
        const use = grantUses.get(entry.freeSpinsId) ?? { count: 0, roundIds: [] };
        use.count += 1;
        use.roundIds.push(entry.id);
        grantUses.set(entry.freeSpinsId, use);
      }
      const { round, outcome } = entry;
      const event = { roundId: entry.id, gameId: round.game_id, currency: round.currency, bet: round.bet, stake: round.stake, win: round.win, step: round.step, bought: outcome.bought, jackpotWin: round.jackpot_win };
      // The play event carries the balance push: one outbox row per round for the common case.
      events.push(pushEvent({ eventType: ROUND_PLAYED_EVENT, playerId: round.player_id, push: { type: 'balance', action: 'update', data: entry.balances }, payload: event }));
      if (round.win > 0) events.push({ type: ROUND_WON_EVENT, playerId: round.player_id, payload: event });
      if (entry.grand) {
        const login = (await trx.selectFrom('players').select('login').where('id', '=', round.player_id).executeTakeFirst())?.login ?? '';
        events.push({ type: JACKPOT_WON_EVENT, playerId: round.player_id, payload: event });
        events.push(await jackpotPushEvent(trx, round.currency, { amount: round.jackpot_win, winner: maskName(login) }));
        grandCurrencies.add(round.currency);
      } else if (outcome.jackpotContribution > 0) contributed.add(round.currency);
      results[entry.index] = { ok: true, round: { id: entry.id, ...round }, seed: entry.seed, replayed: false, outcome };
    }
    if (grantUses.size > 0) {
      const remaining = await useFreeSpins(trx, grantUses, clock.nowMs());
      for (const entry of rounds) {
        if (entry.freeSpinsId === undefined) continue;
        const left = remaining.get(entry.freeSpinsId)!;
        const result = results[entry.index];
        if (result?.ok) result.freeSpinsRemain = left;
        events.push(pushEvent({ eventType: FreeSpinsPlayed.name, playerId: entry.round.player_id, push: { type: 'freeSpins', action: 'update', data: { spinsId: entry.freeSpinsId, gameId: entry.round.game_id, spinsRemain: left } }, payload: { roundId: entry.id!, spinsId: entry.freeSpinsId, spinsRemain: left } }));
      }
    }
    // A busy pool pushes its value at most every JACKPOT_PUSH_INTERVAL_MS (a Grand pushes at once).
    const now = clock.nowMs();
    for (const currency of contributed) {
      if (!grandCurrencies.has(currency) && (await claimJackpotPush(trx, currency, now, JACKPOT_PUSH_INTERVAL_MS))) events.push(await jackpotPushEvent(trx, currency, null));
    }
    await recordEvents(trx, events, { clock });
    await updateSessionsAfterRounds(
      trx,
      [...states.entries()].map(([sessionId, { state, rounds: count }]) => ({ sessionId, featureStateJson: state === null ? null : JSON.stringify(state), rounds: count })),
      now,
    );
  }
  for (const { index, of } of replaysOfPlanned) results[index] = { ok: true, round: { id: of.id!, ...of.round }, seed: of.seed, replayed: true };
  return results.map((result, i) => {
    if (!result) throw new Error(`spin ${i} of the group has no result`);
    return result;
  });
}

/** Why a spin cannot be played from this grant now, or undefined when it can. */
function freeSpinRefusal(grant: FreeSpinGrantRow | undefined, left: number, input: SpinInput, currency: Currency, state: GameState, limits: { steps: number[] }, nowMs: number): string | undefined {
  if (!grant || Number(grant.player_id) !== input.playerId) return 'These free spins do not exist.';
  if (Number(grant.game_id) !== input.gameId) return 'These free spins are for another game.';
  if (grant.status !== 'active' || left <= 0) return 'No free spins are left.';
  if (nowMs >= Number(grant.expires_at_ms)) return 'These free spins have expired.';
  if (grant.currency !== currency) return `These free spins are played in ${grant.currency === 'GC' ? 'Gold Coins' : 'Fortune Coins'}.`;
  if (state !== null || input.buy) return 'Finish the feature in progress first.';
  if (input.bet !== freeSpinBet(limits, Number(grant.bet_level))) return `Free spins play at a bet of ${freeSpinBet(limits, Number(grant.bet_level))}.`;
  return undefined;
}

/** The bet of a grant's level: the game's bet steps from the lowest (level 1); past the last, the last. */
export function freeSpinBet(limits: { steps: number[] }, betLevel: number): number {
  return limits.steps[Math.min(limits.steps.length, Math.max(1, betLevel)) - 1]!;
}

async function jackpotPushEvent(trx: Transaction<Database>, currency: Currency, won: { amount: number; winner: string } | null): Promise<NewDomainEvent> {
  const value = await jackpotPoolValue(trx, currency);
  return pushEvent({ eventType: 'game.jackpot-changed', playerId: null, push: { type: 'jackpot', action: 'update', data: { currency, value, won } } });
}

interface Waiting {
  deps: AppDeps;
  request: SpinRequest;
  resolve: (value: SpinResult) => void;
  reject: (error: unknown) => void;
}

/** At most this many spins are played by one group. */
const MAX_GROUP = 256;

/** One spin in a transaction of its own (a lone spin, or a spin of a group that failed). */
function playAlone(deps: AppDeps, request: SpinRequest): Promise<SpinResult> {
  return ledgerAtomic(deps.database.db, async (trx) => (await playSpins(deps, trx, [request]))[0]!);
}

/** Spins waiting for their group, per database handle. */
const queues = new WeakMap<object, { waiting: Waiting[]; draining: boolean }>();

/**
 * Queues a spin for the next group. On SQLite the group is the spins of one turn of the event loop:
 * SQLite's driver is synchronous under its promises, so a group's transaction runs whole before the
 * next request is read. On PostgreSQL one group at a time is in flight per process (a group locks
 * the shards' game and jackpot accounts, so two would mostly wait for each other); the spins that
 * arrive meanwhile form the next group, so the per-statement cost of the driver is paid per group.
 */
function queueSpin(deps: AppDeps, request: SpinRequest): Promise<SpinResult> {
  const db = deps.database.db;
  return new Promise<SpinResult>((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = { waiting: [], draining: false };
      queues.set(db, queue);
    }
    queue.waiting.push({ deps, request, resolve, reject });
    if (queue.draining) return;
    queue.draining = true;
    const drain = async (q: { waiting: Waiting[]; draining: boolean }) => {
      try {
        while (q.waiting.length > 0) await runGroups(db, deps.database.dialect === 'postgres', q.waiting.splice(0));
      } finally {
        q.draining = false;
      }
    };
    if (deps.database.dialect === 'sqlite') setImmediate(() => void drain(queue));
    else void drain(queue);
  });
}

/**
 * Plays queued spins in groups of at most MAX_GROUP, one transaction each (on PostgreSQL retried on
 * serialization failures and deadlocks). If a group throws, it rolls back and each of its spins runs
 * again on its own, so an error reaches only its own caller (spins only write to the database).
 */
async function runGroups(db: Kysely<Database>, postgres: boolean, batch: Waiting[]): Promise<void> {
  for (let start = 0; start < batch.length; start += MAX_GROUP) {
    const group = batch.slice(start, start + MAX_GROUP);
    const deps = group[0]!.deps;
    if (group.length === 1) {
      await playAlone(deps, group[0]!.request).then(group[0]!.resolve, group[0]!.reject);
      continue;
    }
    const requests = group.map((item) => item.request);
    let values: SpinResult[] | null = null;
    try {
      values = postgres ? await ledgerAtomic(db, (trx) => playSpins(deps, trx, requests)) : await db.transaction().execute((trx) => playSpins(deps, trx, requests));
    } catch {
      for (const item of group) await playAlone(item.deps, item.request).then(item.resolve, item.reject);
      continue;
    }
    group.forEach((item, i) => item.resolve(values[i]!));
  }
}

/** One step of play (docs/games/play-api.md); a retried key answers the first round. */
export async function spin(deps: AppDeps, input: SpinInput) {
  const game = await requireGame(deps, input.gameId);
  const result = await queueSpin(deps, { game, input });
  if (!result.ok) throw new AppError(result.code, result.message === undefined ? {} : { message: result.message });
  return { ...roundView(result.round, input.session, result.seed, result.outcome), replayed: result.replayed, ...(result.freeSpinsRemain === undefined ? {} : { freeSpinsRemain: result.freeSpinsRemain }) };
}
