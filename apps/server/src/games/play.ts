import { createHmac, randomBytes } from 'node:crypto';
import { AppError, type ErrorCode } from '@sweepstack/contracts/errors';
import { ensureActiveSeed, findRoundByKey, insertRound, lockGameSession, openGameSession, takeSeedNonce, updateSessionAfterRound, type FairnessSeed, type GameRound, type GameSession } from '@sweepstack/db/repositories/game-play';
import { claimJackpotPush, jackpotPoolValue, payJackpot } from '@sweepstack/db/repositories/jackpots';
import { getPlayerBalance, ledgerAtomic, settle, type PlayerBalance, type TransferRequest } from '@sweepstack/db/repositories/ledger';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import type { Player } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import { systemAccountShard } from '@sweepstack/domain/wallet/accounts';
import type { Currency } from '@sweepstack/domain/wallet/money';
import { playerCreditKind } from '@sweepstack/domain/wallet/transfer-rules';
import type { CatalogueGame as StudioGame } from '@sweepstack/games/catalogue/types';
import type { GameState, StepOutcome } from '@sweepstack/games/engines/types';
import { newFairnessState } from '@sweepstack/games/fairness/seeds';
import { replayStep } from '@sweepstack/games/fairness/verify-round';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../app-context';
import { recordPush } from '../realtime/push';
import { currentCatalogue } from './catalogue';

/** The random source's HMAC-SHA256 through node:crypto: the same bytes as the studio's portable one, several times faster. */
function nativeHmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return createHmac('sha256', key).update(message).digest();
}

/** The currency a game mode plays in. */
export function currencyOfMode(gameMode: Player['game_mode']): Currency {
  return gameMode === 'SweepStakes' ? 'FC' : 'GC';
}

export const ROUND_PLAYED_EVENT = 'game.round-played';
export const ROUND_WON_EVENT = 'game.round-won';
export const JACKPOT_WON_EVENT = 'game.jackpot-won';
/** A busy pool pushes its value at most this often (a Grand pushes at once). */
export const JACKPOT_PUSH_INTERVAL_MS = 3000;

/** A fresh seed pair from the CSPRNG (the client seed is random until the player sets one). */
export function newSeedCandidate(clientSeed?: string): { serverSeed: string; serverSeedHash: string; clientSeed: string } {
  const state = newFairnessState(randomBytes(32), clientSeed ?? randomBytes(8).toString('hex'));
  return { serverSeed: state.serverSeed, serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed };
}

/** A known, active game of the catalogue by id, or GAME_NOT_FOUND. */
export async function requireGame(deps: AppDeps, gameId: number): Promise<{ id: number; slug: string; title: string; studio: StudioGame }> {
  const catalogue = await currentCatalogue(deps);
  const entry = catalogue.byId.get(gameId);
  if (!entry) throw new AppError('GAME_NOT_FOUND');
  return { id: gameId, slug: entry.game.slug, title: entry.game.title, studio: entry.studio };
}

/** Why an account that is not ACTIVE may not play: a responsible-play break says so (docs/responsible-play.md). */
function playRefusal(accountStatus: Player['account_status']): ErrorCode {
  return accountStatus === 'COOLING_OFF' ? 'GAME_PLAY_COOLING_OFF' : accountStatus === 'SELF_EXCLUDED' ? 'GAME_PLAY_SELF_EXCLUDED' : 'GAME_PLAY_NOT_ALLOWED';
}

function assertMayPlay(player: Pick<Player, 'account_status'>): void {
  if (player.account_status !== 'ACTIVE') throw new AppError(playRefusal(player.account_status));
}

export function parseState(json: string | null): GameState {
  return json === null ? null : (JSON.parse(json) as GameState);
}

/** The feature in progress as the client sees it. */
export function featureView(state: GameState): Record<string, unknown> | null {
  if (state === null) return null;
  if (state.kind === 'freeSpins') return { kind: 'freeSpins', bet: state.bet, remaining: state.remaining, awarded: state.awarded, played: state.played, multiplier: state.multiplier, featureWin: state.featureWin };
  return { kind: 'holdAndLink', bet: state.bet, respinsLeft: state.respinsLeft, coins: state.values.filter((v) => v > 0).length };
}

/** Launch (GET /rest/game/{id}/play/): the player's open session of this game in the current mode's currency. */
export async function launchGame(deps: AppDeps, player: Player, gameId: number, isMoney: boolean | undefined) {
  const game = await requireGame(deps, gameId);
  assertMayPlay(player);
  const currency = currencyOfMode(player.game_mode);
  if (isMoney !== undefined && isMoney !== (currency === 'FC')) throw new AppError('GAME_MODE_MISMATCH');
  const now = deps.clock.nowMs();
  const db = deps.database.db;
  const session = await openGameSession(db, { playerId: player.id, gameId, currency, token: randomBytes(18).toString('base64url'), nowMs: now });
  const seed = await ensureActiveSeed(db, player.id, newSeedCandidate(), now);
  const bets = game.studio.bets[currency];
  const buy = 'bonusBuy' in game.studio.config ? game.studio.config.bonusBuy : undefined;
  return {
    url: `/games/${game.slug}/play?session=${encodeURIComponent(session.token)}`,
    session: session.token,
    gameId,
    slug: game.slug,
    currency,
    gameMode: player.game_mode,
    bets: { min: bets.min, max: bets.max, steps: bets.steps, divisor: game.studio.config.betDivisor },
    bonusBuyPrice: buy ? buy.priceUnits / game.studio.config.betDivisor : null,
    feature: featureView(parseState(session.feature_state_json)),
    fairness: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: Number(seed.next_nonce) },
  };
}

export interface SpinInput {
  playerId: number;
  /** The request's player as its session lookup read it. */
  player: { accountStatus: Player['account_status']; gameMode: Player['game_mode'] };
  gameId: number;
  session: string;
  bet: number;
  buy: boolean;
  idempotencyKey: string;
}

/** What a round answers (the spin's reply, the history's entries). */
export function roundView(round: GameRound, session: string, seed: Pick<FairnessSeed, 'server_seed_hash' | 'client_seed'>, parsed?: StepOutcome) {
  const outcome = parsed ?? (JSON.parse(round.outcome_json) as StepOutcome);
  const { next, ...shown } = outcome;
  return {
    roundId: Number(round.id),
    gameId: Number(round.game_id),
    session,
    currency: round.currency,
    bet: Number(round.bet),
    stake: Number(round.stake),
    win: Number(round.win),
    jackpotWin: Number(round.jackpot_win),
    outcome: shown,
    balance: Number(round.balance_after),
    feature: featureView(next),
    fairness: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: Number(round.nonce) },
    createdAtMs: Number(round.created_at_ms),
  };
}

type Work<T> = (trx: Transaction<Database>) => Promise<T>;
interface Waiting {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
const waiting = new WeakMap<object, Waiting[]>();

/**
 * ledgerAtomic, with the spins of one event-loop turn handed to it together on SQLite. SQLite's
 * driver is synchronous under its promises, so a spin's whole transaction runs before the next
 * request's I/O callback: the ledger's group commit would only ever see one operation at a time.
 * Collecting the spins that arrive in one turn and starting them together lets them share commits.
 */
function spinAtomic<T>(deps: AppDeps, work: Work<T>): Promise<T> {
  const db = deps.database.db;
  if (deps.database.dialect !== 'sqlite') return ledgerAtomic(db, work);
  return new Promise<T>((resolve, reject) => {
    let queue = waiting.get(db);
    if (!queue) {
      const batch: Waiting[] = [];
      queue = batch;
      waiting.set(db, batch);
      setImmediate(() => {
        waiting.delete(db);
        void runGroup(db, batch);
      });
    }
    queue.push({ work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
  });
}

const MAX_GROUP = 256;

/**
 * Runs the spins of one turn in one transaction (refusals are values, not errors, so they do not
 * break the group). If anything throws, the group rolls back and each spin runs again on its own
 * through ledgerAtomic, so an error reaches only its own caller (spins only write to the database).
 */
async function runGroup(db: Kysely<Database>, batch: Waiting[]): Promise<void> {
  for (let start = 0; start < batch.length; start += MAX_GROUP) {
    const group = batch.slice(start, start + MAX_GROUP);
    if (group.length === 1) {
      const [only] = group;
      await ledgerAtomic(db, only!.work).then(only!.resolve, only!.reject);
      continue;
    }
    const values: unknown[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of group) values.push(await item.work(trx));
      });
    } catch {
      for (const item of group) await ledgerAtomic(db, item.work).then(item.resolve, item.reject);
      continue;
    }
    group.forEach((item, i) => item.resolve(values[i]));
  }
}

type SpinResult = { ok: true; round: GameRound; seed: FairnessSeed; replayed: boolean; outcome?: StepOutcome } | { ok: false; code: ErrorCode; message?: string };

function refuse(code: ErrorCode, message?: string): SpinResult {
  return message === undefined ? { ok: false, code } : { ok: false, code, message };
}

function sameRequest(round: GameRound, session: GameSession, input: SpinInput): boolean {
  const outcome = JSON.parse(round.outcome_json) as StepOutcome;
  return Number(round.session_id) === session.id && Number(round.bet) === input.bet && outcome.bought === input.buy;
}

/**
 * The balances after a step, from those before it: the bet takes unplayed Fortune Coins first
 * (planPlay), wins are redeemable. The ledger wrote exactly this; the tests compare with its balances.
 */
function balanceAfter(before: PlayerBalance, currency: Currency, stake: number, win: number): PlayerBalance {
  if (currency === 'GC') return { ...before, tourPoints: before.tourPoints - stake + win, coins: before.coins - stake + win };
  const fromRedeemable = Math.max(0, stake - before.unplayed);
  const winnings = before.winnings - fromRedeemable + win;
  const entries = before.entries - stake + win;
  return { ...before, entries, winnings, unplayed: entries - winnings };
}

function balanceIn(balance: { tourPoints: number; entries: number }, currency: Currency): number {
  return currency === 'GC' ? balance.tourPoints : balance.entries;
}

/**
 * One step of play in one atomic ledger operation (docs/games/play-api.md): checks, the engine's
 * outcome from the player's committed seed, the bet (play()), the win, the jackpot contribution and
 * a Grand, the round row, the session's feature state, the seed's nonce and the outbox events.
 * Refusals are answered before anything is written (on SQLite a refused spin then costs its group
 * commit nothing); a retried key answers the first round.
 */
export async function spin(deps: AppDeps, input: SpinInput) {
  const game = await requireGame(deps, input.gameId);
  const result = await spinAtomic(deps, async (trx): Promise<SpinResult> => {
    const session = await lockGameSession(trx, input.session);
    if (!session || Number(session.game_id) !== input.gameId) return refuse('GAME_SESSION_NOT_FOUND');
    if (Number(session.player_id) !== input.playerId) return refuse('GAME_SESSION_FORBIDDEN');
    const existing = await findRoundByKey(trx, input.playerId, input.idempotencyKey);
    if (existing) {
      if (!sameRequest(existing, session, input)) return refuse('GAME_ROUND_KEY_CONFLICT');
      const seed = await trx.selectFrom('fairness_seeds').selectAll().where('id', '=', existing.seed_id).executeTakeFirstOrThrow();
      return { ok: true, round: existing, seed, replayed: true };
    }
    if (session.status !== 'open') return refuse('GAME_SESSION_CLOSED');
    // The request's player was read for this request (its session lookup): status and mode are current.
    if (input.player.accountStatus !== 'ACTIVE') return refuse(playRefusal(input.player.accountStatus));
    const currency = session.currency;
    if (currencyOfMode(input.player.gameMode) !== currency) return refuse('GAME_MODE_MISMATCH');

    const state = parseState(session.feature_state_json);
    const limits = game.studio.bets[currency];
    const divisor = game.studio.config.betDivisor;
    let stake: number;
    if (state !== null) {
      if (input.buy) return refuse('GAME_FEATURE_IN_PROGRESS');
      if (input.bet !== state.bet) return refuse('GAME_FEATURE_IN_PROGRESS', `The feature in progress plays at a bet of ${state.bet}.`);
      stake = 0;
    } else {
      if (input.bet > limits.max) return refuse('GAME_BET_OVER_MAX');
      if (input.bet < limits.min || input.bet % divisor !== 0) return refuse('GAME_BET_INVALID');
      const buy = 'bonusBuy' in game.studio.config ? game.studio.config.bonusBuy : undefined;
      if (input.buy && !buy) return refuse('GAME_BONUS_BUY_UNAVAILABLE');
      stake = input.buy ? buy!.priceUnits * (input.bet / divisor) : input.bet;
    }
    const before = await getPlayerBalance(trx, input.playerId);
    if (stake > balanceIn(before, currency)) return refuse('WALLET_INSUFFICIENT_FUNDS');

    // Nothing was written so far; from here on every write belongs to the round.
    const now = deps.clock.nowMs();
    let seed = await takeSeedNonce(trx, input.playerId);
    if (!seed) {
      await ensureActiveSeed(trx, input.playerId, newSeedCandidate(), now);
      seed = (await takeSeedNonce(trx, input.playerId))!;
    }
    const nonce = seed.nonce;
    const outcome = replayStep(game.slug, { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }, input.buy ? { bet: input.bet, buy: true } : { bet: input.bet }, state, nativeHmacSha256);
    if (outcome.stake !== stake) throw new Error(`${game.slug}: the engine charged ${outcome.stake}, the checks expected ${stake}`);
    const key = `game:${input.playerId}:${input.idempotencyKey}`;
    const metadata = { gameId: input.gameId, session: session.id, nonce };
    const shard = systemAccountShard(input.playerId);
    const moves: TransferRequest[] = [];
    if (outcome.totalWin > 0) moves.push({ idempotencyKey: `${key}:win`, from: { system: 'game_play' }, to: { playerId: input.playerId, kind: playerCreditKind(currency, 'game_win') }, currency, amount: outcome.totalWin, reason: 'game_win', metadata });
    if (outcome.jackpotContribution > 0) moves.push({ idempotencyKey: `${key}:jp-in`, from: { system: 'game_play', shard }, to: { system: 'jackpots', shard }, currency, amount: outcome.jackpotContribution, reason: 'jackpot_contribution', metadata });
    // The bet, the win and the contribution: one ledger operation (accounts loaded once). Any error
    // rolls the spin's whole transaction back (its group's on SQLite), so no savepoint.
    await settle(trx, { play: outcome.stake > 0 ? { idempotencyKey: key, playerId: input.playerId, currency, amount: outcome.stake, metadata } : undefined, transfers: moves }, { wholeTransaction: true });
    const grand = outcome.jackpots.some((j) => j.tier === 'grand' && j.amount === null);
    const jackpotWin = grand ? await payJackpot(trx, { idempotencyKey: key, playerId: input.playerId, currency, nowMs: now, metadata }) : 0;
    const win = outcome.totalWin + jackpotWin;
    const after = balanceAfter(before, currency, outcome.stake, win);
    const round: Omit<GameRound, 'id'> = {
      player_id: input.playerId,
      session_id: session.id,
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
      seed_id: seed.id,
      nonce,
      state_before_json: state === null ? null : JSON.stringify(state),
      outcome_json: JSON.stringify(outcome),
      balance_after: balanceIn(after, currency),
      created_at_ms: now,
    };
    const roundId = await insertRound(trx, round);
    await updateSessionAfterRound(trx, session.id, outcome.next === null ? null : JSON.stringify(outcome.next), now);
    const event = { roundId, gameId: input.gameId, currency, bet: input.bet, stake: outcome.stake, win, step: outcome.step, bought: outcome.bought, jackpotWin };
    // The play event carries the balance push: one outbox row per round for the common case.
    await recordPush(trx, { eventType: ROUND_PLAYED_EVENT, playerId: input.playerId, push: { type: 'balance', action: 'update', data: { entries: after.entries, winnings: after.winnings, tourPoints: after.tourPoints, coins: after.coins } }, payload: event }, { clock: deps.clock });
    if (win > 0) await recordEvent(trx, { type: ROUND_WON_EVENT, playerId: input.playerId, payload: event }, { clock: deps.clock });
    if (grand) {
      const login = (await trx.selectFrom('players').select('login').where('id', '=', input.playerId).executeTakeFirst())?.login ?? '';
      await recordEvent(trx, { type: JACKPOT_WON_EVENT, playerId: input.playerId, payload: event }, { clock: deps.clock });
      await recordJackpotPush(trx, currency, { amount: jackpotWin, winner: maskName(login) });
    } else if (outcome.jackpotContribution > 0 && (await claimJackpotPush(trx, currency, now, JACKPOT_PUSH_INTERVAL_MS))) {
      await recordJackpotPush(trx, currency, null);
    }
    return { ok: true, round: { id: roundId, ...round }, seed, replayed: false, outcome };
  });
  if (!result.ok) throw new AppError(result.code, result.message === undefined ? {} : { message: result.message });
  return { ...roundView(result.round, input.session, result.seed, result.outcome), replayed: result.replayed };
}

async function recordJackpotPush(trx: Transaction<Database>, currency: Currency, won: { amount: number; winner: string } | null): Promise<void> {
  const value = await jackpotPoolValue(trx, currency);
  await recordPush(trx, { eventType: 'game.jackpot-changed', playerId: null, push: { type: 'jackpot', action: 'update', data: { currency, value, won } } });
}

/** A display name for public lists: first two characters, the rest masked. */
export function maskName(login: string): string {
  const chars = [...login];
  if (chars.length <= 2) return `${chars[0] ?? '*'}***`;
  return `${chars.slice(0, 2).join('')}${'*'.repeat(Math.min(chars.length - 2, 4))}`;
}
