import type { ScratchCard, ScratchCardDraw, ScratchCardsInfo } from '@sweepstack/contracts/scratch-cards/get';
import type { ScratchAnswer, ScratchRequest } from '@sweepstack/contracts/scratch-cards/scratch';
import { AppError, type ErrorCode } from '@sweepstack/contracts/errors';
import { ScratchCardIssued, ScratchCardScratched } from '@sweepstack/contracts/scratch-cards/events';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import { findSeedById } from '@sweepstack/db/repositories/game-play';
import type { Player } from '@sweepstack/db/repositories/players';
import { currentPrizeTable, findRewardDrawById, prizeTableById, type RewardDraw } from '@sweepstack/db/rewards/repository';
import type { Database } from '@sweepstack/db/schema';
import {
  findCardById,
  findCardByScratchKey,
  findCardBySource,
  insertCard,
  lockScratchCardPlayer,
  markCardScratched,
  playerCards,
  SCRATCH_CARD_TABLE,
  scratchCardSettings,
  type ScratchCardRow,
  type ScratchCardSettings,
} from '@sweepstack/db/scratch-cards/repository';
import { prizeCoins, type Prize } from '@sweepstack/domain/rewards/prize';
import { cardStatus, cardTimer, isScratchable } from '@sweepstack/domain/scratch-cards/card-rules';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { nextOperatorDayStartMs, operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { Rng } from '@sweepstack/domain/shared/rng';
import { newFairnessState } from '@sweepstack/games/fairness/seeds';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-context';
import { assertSweepstakesAllowed } from '../../geo/sweepstakes-access';
import { drawPrize, payRewardDraw, type DrawDependencies } from '../../rewards/draw-prize';
import { prizeTableOdds } from '../../rewards/views';

type Db = Kysely<Database> | Transaction<Database>;

export const FEATURE = 'scratch-cards';

/** The feature's row of `feature_status`: whether it runs and its end (app init and featureTimes read it). */
export interface ScratchCardsFeatureStatus {
  isActive: boolean;
  finishedAt: number | null;
}

/** The player's row of `player_feature_state`: when the next free card can be taken (the sidebar's badge). */
export interface ScratchCardsPlayerState {
  nextFreeAtMs: number;
}

export function isScratchCardsActive(settings: Pick<ScratchCardSettings, 'active' | 'finishesAtMs'>, nowMs: number): boolean {
  return settings.active && (settings.finishesAtMs === null || nowMs < settings.finishesAtMs);
}

export function scratchCardsFeatureStatus(settings: ScratchCardSettings, nowMs: number): ScratchCardsFeatureStatus {
  return { isActive: isScratchCardsActive(settings, nowMs), finishedAt: settings.finishesAtMs };
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a card's draw needs: the clock and a fresh seed commitment from the app's Rng (a card pays no free spins). */
export function cardDrawDependencies(clock: Clock, rng: Rng): DrawDependencies {
  return {
    clock,
    freeSpinStake: () => Number.MAX_SAFE_INTEGER,
    newSeed: () => {
      const state = newFairnessState(rng.bytes(32), hex(rng.bytes(8)));
      return { serverSeed: state.serverSeed, serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed };
    },
  };
}

/** Why an account that is not ACTIVE may not scratch (docs/responsible-play.md). */
function refusal(accountStatus: Player['account_status']): ErrorCode {
  return accountStatus === 'COOLING_OFF' ? 'SCRATCH_CARDS_COOLING_OFF' : accountStatus === 'SELF_EXCLUDED' ? 'SCRATCH_CARDS_SELF_EXCLUDED' : 'SCRATCH_CARDS_NOT_ALLOWED';
}

/**
 * Issues one card for `sourceKey` (a payment or an operator day) in the caller's transaction: its
 * outcome is drawn now from the card's published table (provably fair, the feature's budget charged,
 * the fallback paid when it would be passed) and paid when the card is scratched. Once per source key:
 * a second call answers the first card.
 */
export async function issueCard(
  trx: Transaction<Database>,
  input: { playerId: number; source: 'purchase' | 'free'; sourceKey: string; settings: ScratchCardSettings; nowMs: number },
  drawDeps: DrawDependencies,
): Promise<{ card: ScratchCardRow; issued: boolean }> {
  await lockScratchCardPlayer(trx, input.playerId, input.nowMs);
  const existing = await findCardBySource(trx, input.playerId, input.sourceKey);
  if (existing) return { card: existing, issued: false };
  const day = operatorDay(input.nowMs, input.settings.timeZone);
  const outcome = await drawPrize(trx, { playerId: input.playerId, feature: FEATURE, table: SCRATCH_CARD_TABLE, idempotencyKey: `${FEATURE}:${input.playerId}:${input.sourceKey}`, day, deferPayment: true }, drawDeps);
  const id = await insertCard(trx, {
    player_id: input.playerId,
    source: input.source,
    source_key: input.sourceKey,
    draw_id: Number(outcome.draw.id),
    issued_at_ms: input.nowMs,
    available_at_ms: input.nowMs + input.settings.activationDelayMs,
    expires_at_ms: input.nowMs + input.settings.lifetimeMs,
  });
  await recordEvent(trx, { type: ScratchCardIssued.name, playerId: input.playerId, payload: { cardId: id, source: input.source, drawId: Number(outcome.draw.id) } }, { clock: drawDeps.clock });
  return { card: (await findCardById(trx, id))!, issued: true };
}

/** Whether a player may be given a free card now: an ACTIVE account in a state that allows Fortune Coins. */
async function mayTakeFreeCard(deps: AppDeps, player: Pick<Player, 'id' | 'account_status'>): Promise<boolean> {
  if (player.account_status !== 'ACTIVE') return false;
  try {
    await assertSweepstakesAllowed(deps, player.id);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'GEO_SWEEPSTAKES_RESTRICTED') return false;
    throw error;
  }
}

/**
 * The free card of the operator day (no purchase necessary: the same table and odds as a bought
 * card), issued when the player first asks for their cards that day while the feature runs.
 */
export async function takeFreeCard(deps: AppDeps, player: Pick<Player, 'id' | 'account_status'>): Promise<void> {
  const settings = await scratchCardSettings(deps.database.db);
  const nowMs = deps.clock.nowMs();
  if (!settings.freeDaily || !isScratchCardsActive(settings, nowMs)) return;
  const day = operatorDay(nowMs, settings.timeZone);
  if (await findCardBySource(deps.database.db, player.id, `free:${day}`)) return;
  if (!(await mayTakeFreeCard(deps, player))) return;
  const drawDeps = cardDrawDependencies(deps.clock, deps.rng);
  await deps.database.db.transaction().execute(async (trx) => {
    const { issued } = await issueCard(trx, { playerId: player.id, source: 'free', sourceKey: `free:${day}`, settings, nowMs }, drawDeps);
    if (issued) await writePlayerFeatureState(trx, player.id, FEATURE, { nextFreeAtMs: nextOperatorDayStartMs(nowMs, settings.timeZone) } satisfies ScratchCardsPlayerState, nowMs);
  });
}

/** A card as the API shows it: its prize and draw only once scratched. */
async function cardView(db: Db, card: ScratchCardRow, nowMs: number): Promise<ScratchCard> {
  const status = cardStatus({ availableAtMs: Number(card.available_at_ms), expiresAtMs: Number(card.expires_at_ms), scratchedAtMs: card.scratched_at_ms === null ? null : Number(card.scratched_at_ms) }, nowMs);
  let prize: ScratchCard['prize'] = { entries: null, coins: null };
  if (status === 'scratched') {
    const draw = (await findRewardDrawById(db, Number(card.draw_id)))!;
    const coins = prizeCoins(JSON.parse(draw.prize_json) as Prize);
    prize = { entries: coins.fcCents / 100, coins: coins.gc };
  }
  return {
    id: Number(card.id),
    status,
    source: card.source,
    prize,
    timer: cardTimer({ availableAtMs: Number(card.available_at_ms), expiresAtMs: Number(card.expires_at_ms), scratchedAtMs: card.scratched_at_ms === null ? null : Number(card.scratched_at_ms) }, nowMs),
    expiresAt: Number(card.expires_at_ms),
    drawId: status === 'scratched' ? Number(card.draw_id) : null,
  };
}

const ORDER = { ready_for_activate: 0, available: 0, expired: 1, scratched: 2 } as const;

/** GET /rest/scratch-card-lottery/get/: the rules, the published table, and (signed in) the player's cards. */
export async function scratchCardsInfo(db: Db, playerId: number | null, nowMs: number): Promise<ScratchCardsInfo> {
  const settings = await scratchCardSettings(db);
  const table = await currentPrizeTable(db, SCRATCH_CARD_TABLE);
  // The seed creates it; a database without it is broken, not a visitor's error.
  if (!table) throw new Error(`prize table ${SCRATCH_CARD_TABLE} is missing`);
  const rows = playerId === null ? [] : await playerCards(db, playerId);
  const cards = await Promise.all(rows.map((row) => cardView(db, row, nowMs)));
  // Stable: unscratched cards oldest first, then the mailbox, then the last scratched (newest first).
  cards.sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  return {
    isActive: isScratchCardsActive(settings, nowMs),
    finishedAt: settings.finishesAtMs,
    cards,
    table: prizeTableOdds(table),
    purchaseThresholdCents: settings.purchaseThresholdCents,
    freeDaily: settings.freeDaily,
  };
}

async function drawView(db: Db, draw: RewardDraw): Promise<ScratchCardDraw> {
  const [table, seed] = await Promise.all([prizeTableById(db, Number(draw.table_id)), findSeedById(db, Number(draw.seed_id))]);
  if (!table || !seed) throw new Error(`reward draw ${draw.id} lost its table or seed`);
  return {
    drawId: Number(draw.id),
    serverSeedHash: seed.server_seed_hash,
    clientSeed: seed.client_seed,
    nonce: Number(draw.nonce),
    ticket: Number(draw.ticket),
    segmentIndex: Number(draw.segment_index),
    table: table.slug,
    tableVersion: table.version,
    segmentPrize: table.segments[Number(draw.segment_index)]!.prize,
  };
}

export function scratchKeyOf(playerId: number, requestKey: string): string {
  return `${FEATURE}:${playerId}:${requestKey}`;
}

async function answerOf(trx: Db, card: ScratchCardRow, nowMs: number, replayed: boolean): Promise<ScratchAnswer> {
  const draw = (await findRewardDrawById(trx, Number(card.draw_id)))!;
  return { replayed, card: await cardView(trx, card, nowMs), prize: JSON.parse(draw.prize_json) as Prize, draw: await drawView(trx, draw) };
}

/**
 * Scratches a card (docs/features/scratch-cards.md): reveals the outcome drawn at issue and credits it,
 * in one transaction after the player's lock, so a card pays once however many requests race, a retry
 * with the same request key answers the first scratch, and a refusal writes nothing. Refused during
 * self-exclusion and cooling-off, and from a state without Fortune Coin play (a card may pay them).
 * A card can be scratched while the feature is off or after it expired: nothing earned is taken away.
 */
export async function scratchCard(deps: AppDeps, playerId: number, request: ScratchRequest): Promise<ScratchAnswer> {
  const scratchKey = scratchKeyOf(playerId, request.requestKey);
  const account = await deps.database.db.selectFrom('players').select('account_status').where('id', '=', playerId).executeTakeFirstOrThrow();
  if (account.account_status !== 'ACTIVE') throw new AppError(refusal(account.account_status));
  try {
    await assertSweepstakesAllowed(deps, playerId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'GEO_SWEEPSTAKES_RESTRICTED') throw new AppError('SCRATCH_CARDS_STATE_RESTRICTED');
    throw error;
  }
  return deps.database.db.transaction().execute(async (trx) => {
    const nowMs = deps.clock.nowMs();
    // The lock comes first: a concurrent request for the same card waits here, then finds it scratched.
    await lockScratchCardPlayer(trx, playerId, nowMs);
    const replay = await findCardByScratchKey(trx, scratchKey);
    if (replay) {
      if (Number(replay.id) !== request.cardId) throw new AppError('SCRATCH_CARDS_KEY_REUSED');
      return answerOf(trx, replay, nowMs, true);
    }
    const card = await findCardById(trx, request.cardId);
    // Another player's card is "not found": card ids reveal nothing.
    if (!card || Number(card.player_id) !== playerId) throw new AppError('SCRATCH_CARDS_CARD_NOT_FOUND');
    const status = cardStatus({ availableAtMs: Number(card.available_at_ms), expiresAtMs: Number(card.expires_at_ms), scratchedAtMs: card.scratched_at_ms === null ? null : Number(card.scratched_at_ms) }, nowMs);
    if (status === 'scratched') throw new AppError('SCRATCH_CARDS_ALREADY_SCRATCHED');
    if (!isScratchable(status)) throw new AppError('SCRATCH_CARDS_NOT_READY');
    if (!(await markCardScratched(trx, Number(card.id), scratchKey, nowMs))) throw new AppError('SCRATCH_CARDS_ALREADY_SCRATCHED');
    const draw = (await findRewardDrawById(trx, Number(card.draw_id)))!;
    await payRewardDraw(trx, draw, deps.clock);
    await recordEvent(trx, { type: ScratchCardScratched.name, playerId, payload: { cardId: Number(card.id), drawId: Number(draw.id), fellBack: Number(draw.fell_back) === 1 } }, { clock: deps.clock });
    return answerOf(trx, (await findCardById(trx, Number(card.id)))!, nowMs, false);
  });
}
