import type { BonusView } from '@sweepstack/contracts/bonuses/bonus-view';
import type { CreditBonusResponse } from '@sweepstack/contracts/bonuses/credit-bonus';
import { AppError } from '@sweepstack/contracts/errors';
import { BONUSES_FEATURE, claimableGrants, grantById, markGrantCredited, setGrantFreeSpinGrant, type BonusGrantWithCampaign } from '@sweepstack/db/bonuses/repository';
import type { Player } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import { grantUnavailability, HOUR_MS, parseMessageId, type BonusUnavailability } from '@sweepstack/domain/bonuses/rules';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import { findGame } from '@sweepstack/games/catalogue/games';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-context';
import { assertSweepstakesAllowed } from '../../geo/sweepstakes-access';
import { creditPlayer } from '../../rewards/credit-player';

type Db = Kysely<Database> | Transaction<Database>;
type Deps = Pick<AppDeps, 'database' | 'clock'>;

const UNAVAILABLE_CODES: Record<BonusUnavailability, 'BONUS_EXPIRED' | 'BONUS_ALREADY_CREDITED' | 'BONUS_NOT_AVAILABLE'> = {
  expired: 'BONUS_EXPIRED',
  alreadyCredited: 'BONUS_ALREADY_CREDITED',
  revoked: 'BONUS_NOT_AVAILABLE',
  campaignInactive: 'BONUS_NOT_AVAILABLE',
};

/** Whether a bonus pays in Fortune Coins (sweepstakes entries): then the player's state must allow sweepstakes play. */
const paysFortuneCoins = (g: BonusGrantWithCampaign) => g.c_bonus_type === 'freeEntries' || g.c_spins_currency === 'FC';

/**
 * Who may claim (docs/features/bonuses.md): an ACTIVE account. Self-excluded and cooling-off players
 * are offered nothing, and a bonus in Fortune Coins needs a state that allows sweepstakes play.
 */
async function assertMayClaim(deps: Pick<AppDeps, 'database'>, player: Pick<Player, 'id' | 'account_status'>, grant?: BonusGrantWithCampaign): Promise<void> {
  if (player.account_status === 'SELF_EXCLUDED') throw new AppError('BONUS_SELF_EXCLUDED');
  if (player.account_status === 'COOLING_OFF') throw new AppError('BONUS_COOLING_OFF');
  if (player.account_status !== 'ACTIVE') throw new AppError('BONUS_NOT_ALLOWED');
  if (grant && paysFortuneCoins(grant)) {
    try {
      await assertSweepstakesAllowed(deps, player.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'GEO_SWEEPSTAKES_RESTRICTED') throw new AppError('BONUS_STATE_RESTRICTED');
      throw error;
    }
  }
}

/** The player's grant of this message id that can be claimed now; a BONUS_* error otherwise. */
async function claimableGrant(db: Db, player: Pick<Player, 'id'>, rawMessageId: unknown, nowMs: number): Promise<BonusGrantWithCampaign> {
  const id = parseMessageId(rawMessageId);
  if (id === undefined) throw new AppError('VALIDATION_FAILED', { fields: { message_id: 'A message id is a number' } });
  const grant = id === null ? undefined : await grantById(db, id);
  // Another player's message is answered like an unknown one: ids tell nothing about other accounts.
  if (!grant || grant.player_id !== player.id) throw new AppError('BONUS_NOT_FOUND');
  const unavailable = grantUnavailability({ status: grant.status, expiresAtMs: Number(grant.expires_at_ms) }, grant.c_active === 1, nowMs);
  if (unavailable) throw new AppError(UNAVAILABLE_CODES[unavailable]);
  return grant;
}

interface GameRow {
  id: number;
  slug: string;
  title: string;
  title_es: string | null;
  image: string;
  is_active: number;
}

async function gamesById(db: Db, ids: number[]): Promise<Map<number, GameRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('games').select(['id', 'slug', 'title', 'title_es', 'image', 'is_active']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** One free spin's bet: the game's bet step of the level (1 = lowest), in whole GC or FC with decimals. */
function spinBet(game: GameRow | undefined, currency: 'GC' | 'FC', betLevel: number): number | null {
  const steps = game ? findGame(game.slug)?.bets[currency].steps : undefined;
  if (!steps || steps.length === 0) return null;
  const stake = steps[betLevel - 1] ?? steps.at(-1)!;
  return currency === 'FC' ? stake / 100 : stake;
}

const gameView = (g: GameRow) => ({ id: g.id, slug: g.slug, title: g.title, titleEs: g.title_es, image: g.image });

export function bonusView(grant: BonusGrantWithCampaign, games: Map<number, GameRow>): BonusView {
  const spins = grant.c_bonus_type === 'freeSpins';
  const game = grant.c_game_id === null ? undefined : games.get(grant.c_game_id);
  return {
    messageId: Number(grant.id),
    playerBonusInfo: { bonusId: grant.campaign_id, bonusLifetimeEnd: new Date(Number(grant.expires_at_ms)).toISOString() },
    bonusInfo: {
      bonusType: grant.c_bonus_type,
      games: spins && game ? [gameView(game)] : [],
      freeSpinsCount: spins ? grant.c_spins_count : null,
      freeSpinsBetLevel: spins ? grant.c_bet_level : null,
      bonusAmount: spins ? null : Number(grant.c_amount_cents) / 100,
      freeSpinsBet: spins ? spinBet(game, grant.c_spins_currency ?? 'GC', grant.c_bet_level ?? 1) : null,
      freeSpinsCurrency: spins ? grant.c_spins_currency : null,
      freeSpinsLifetimeHours: spins ? Math.round(Number(grant.c_spins_lifetime_ms) / HOUR_MS) : null,
    },
  };
}

/** GET /rest/bonus-offer/get-bonuses/: what the player can claim now (nothing while self-excluded or cooling off). */
export async function listClaimableBonuses(deps: Deps, player: Player): Promise<BonusView[]> {
  if (player.account_status !== 'ACTIVE') return [];
  const { db } = deps.database;
  const grants = await claimableGrants(db, player.id, deps.clock.nowMs());
  const games = await gamesById(db, grants.flatMap((g) => (g.c_game_id === null ? [] : [g.c_game_id])));
  return grants.map((g) => bonusView(g, games));
}

/** POST /rest/free-entries-bonuses/check-bonus/: the bonus of a message, when the player can claim it now. */
export async function checkBonus(deps: Deps, player: Player, rawMessageId: unknown): Promise<BonusView> {
  await assertMayClaim(deps, player);
  const { db } = deps.database;
  const grant = await claimableGrant(db, player, rawMessageId, deps.clock.nowMs());
  await assertMayClaim(deps, player, grant);
  return bonusView(grant, await gamesById(db, grant.c_game_id === null ? [] : [grant.c_game_id]));
}

/**
 * POST /rest/free-entries-bonuses/credit-bonus/: pays a bonus exactly once. The grant's guarded
 * status change (pending and unexpired → credited) and the payment through the rewards engine
 * (ledger transfers keyed `bonuses:<message id>`, or a free-spin grant with that source key) are one
 * transaction: a concurrent second claim finds it credited and gets BONUS_ALREADY_CREDITED; a refusal
 * leaves nothing behind.
 */
export async function creditBonus(deps: Deps, player: Player, body: { bonusId: number | string; message_id: unknown }): Promise<CreditBonusResponse['data']> {
  await assertMayClaim(deps, player);
  const { db } = deps.database;
  const { clock } = deps;
  const first = await claimableGrant(db, player, body.message_id, clock.nowMs());
  await assertMayClaim(deps, player, first);
  return db.transaction().execute(async (trx) => {
    const nowMs = clock.nowMs();
    const grant = await claimableGrant(trx, player, body.message_id, nowMs);
    // The bonus shown (check's `bonusId`) must be the message's: a mismatched pair is not a bonus of the player.
    if (grant.campaign_id !== Number(body.bonusId)) throw new AppError('BONUS_NOT_FOUND');
    const games = await gamesById(trx, grant.c_game_id === null ? [] : [grant.c_game_id]);
    const game = grant.c_game_id === null ? undefined : games.get(grant.c_game_id);
    if (grant.c_bonus_type === 'freeSpins' && (!game || game.is_active !== 1)) throw new AppError('BONUS_NOT_AVAILABLE');
    if (!(await markGrantCredited(trx, Number(grant.id), player.id, nowMs))) {
      // A concurrent claim got there first (or it just expired): say which, nothing moves.
      const now = await grantById(trx, Number(grant.id));
      const why = now ? grantUnavailability({ status: now.status, expiresAtMs: Number(now.expires_at_ms) }, now.c_active === 1, nowMs) : null;
      throw new AppError(why ? UNAVAILABLE_CODES[why] : 'BONUS_ALREADY_CREDITED');
    }
    const prize: Prize =
      grant.c_bonus_type === 'freeEntries'
        ? { kind: 'fortune_coins', amountCents: Number(grant.c_amount_cents) }
        : { kind: 'free_spins', gameId: Number(grant.c_game_id), count: Number(grant.c_spins_count), betLevel: Number(grant.c_bet_level), lifetimeMs: Number(grant.c_spins_lifetime_ms), currency: grant.c_spins_currency ?? 'GC' };
    const paid = await creditPlayer(
      trx,
      { playerId: player.id, feature: BONUSES_FEATURE, prize, idempotencyKey: `bonuses:${grant.id}`, metadata: { messageId: Number(grant.id), campaignId: grant.campaign_id } },
      { clock },
    );
    if (paid.freeSpinGrantId !== undefined) await setGrantFreeSpinGrant(trx, Number(grant.id), paid.freeSpinGrantId);
    return {
      messageId: Number(grant.id),
      bonusType: grant.c_bonus_type,
      bonusAmount: prize.kind === 'fortune_coins' ? prize.amountCents / 100 : null,
      freeSpinsCount: prize.kind === 'free_spins' ? prize.count : null,
      spinsId: paid.freeSpinGrantId ?? null,
      game: game ? gameView(game) : null,
    };
  });
}
