import { AppError } from '@sweepstack/contracts/errors';
import { FreeEntryDecided } from '@sweepstack/contracts/free-entry/events';
import type { FreeEntryInfoResponse, FreeEntryRequestView } from '@sweepstack/contracts/free-entry/requests';
import {
  decideFreeEntryRequest,
  FREE_ENTRY_FEATURE,
  freeEntryRequestByCode,
  freeEntryRequestById,
  householdLettersCounted,
  insertFreeEntryRequest,
  playerFreeEntryRequests,
  readFreeEntrySettings,
  requestsOfDay,
  slotTaken,
  markLetterReceived,
  type FreeEntryRequestRow,
} from '@sweepstack/db/free-entry/repository';
import type { Player } from '@sweepstack/db/repositories/players';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import { decisionDueAtMs, householdKey, LETTER_REJECT_REASONS, newRequestCode, normalizeRequestCode, postmarkRefusal, type FreeEntryChannel, type LetterRejectCode } from '@sweepstack/domain/free-entry/rules';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { nextOperatorDayStartMs, operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-context';
import { assertSweepstakesAllowed } from '../../geo/sweepstakes-access';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';

/** A write refused by a unique constraint (both dialects). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const iso = (ms: number | null | string | bigint) => (ms === null ? null : new Date(Number(ms)).toISOString());
const entries = (cents: number) => cents / 100;

export function requestView(row: FreeEntryRequestRow): FreeEntryRequestView {
  return {
    id: Number(row.id),
    channel: row.channel,
    code: row.code,
    status: row.status,
    entries: entries(row.amount_cents),
    createdAt: iso(row.created_at_ms)!,
    receivedAt: iso(row.received_at_ms),
    decisionDueAt: row.status === 'received' ? iso(row.due_at_ms) : null,
    expiresAt: row.status === 'awaiting_letter' ? iso(row.expires_at_ms) : null,
    decidedAt: iso(row.decided_at_ms),
    rejectReason: row.reject_reason,
    rejectCode: (row.reject_code as LetterRejectCode | null) ?? null,
  };
}

type Refusal = 'selfExcluded' | 'coolingOff' | 'accountNotActive' | 'sweepstakesNotAllowed';
const REFUSAL_CODES = {
  selfExcluded: 'FREE_ENTRY_SELF_EXCLUDED',
  coolingOff: 'FREE_ENTRY_COOLING_OFF',
  accountNotActive: 'FREE_ENTRY_NOT_ALLOWED',
  sweepstakesNotAllowed: 'FREE_ENTRY_STATE_RESTRICTED',
} as const;

/**
 * Who may request (docs/features/free-entry.md): an ACTIVE account whose state allows sweepstakes play
 * (the same rule as Fortune Coin play). Self-excluded and cooling-off players are not offered coins.
 */
async function refusalOf(deps: Pick<AppDeps, 'database'>, player: Pick<Player, 'id' | 'account_status'>): Promise<Refusal | null> {
  if (player.account_status === 'SELF_EXCLUDED') return 'selfExcluded';
  if (player.account_status === 'COOLING_OFF') return 'coolingOff';
  if (player.account_status !== 'ACTIVE') return 'accountNotActive';
  try {
    await assertSweepstakesAllowed(deps, player.id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'GEO_SWEEPSTAKES_RESTRICTED') return 'sweepstakesNotAllowed';
    throw error;
  }
  return null;
}

/** GET /rest/free-entry/: the rules in force and, for a player, what they can do now and their requests. */
export async function readFreeEntryInfo(deps: Pick<AppDeps, 'database' | 'clock' | 'config'>, player: Player | undefined): Promise<FreeEntryInfoResponse['data']> {
  const { db } = deps.database;
  const nowMs = deps.clock.nowMs();
  const settings = await readFreeEntrySettings(db);
  const timeZone = await readOperatorTimeZone(db);
  const day = operatorDay(nowMs, timeZone);
  const reason = !settings.active ? 'notActive' : player === undefined ? 'guest' : await refusalOf(deps, player);
  const channel = async (c: FreeEntryChannel) => {
    const made = player === undefined ? 0 : await requestsOfDay(db, player.id, c, day);
    const underLimit = made < settings.perDay;
    return {
      entries: entries(c === 'online' ? settings.onlineAmountCents : settings.mailAmountCents),
      available: reason === null && underLimit,
      nextAvailableAt: reason === null && !underLimit ? iso(nextOperatorDayStartMs(nowMs, timeZone)) : null,
    };
  };
  return {
    isActive: settings.active,
    reason,
    online: { ...(await channel('online')), captchaRequired: deps.config.CAPTCHA_ENABLED, automatic: settings.onlineReview === 'automatic' },
    mail: { ...(await channel('mail')), address: settings.mailAddress, codeValidDays: settings.mailCodeValidDays },
    perDay: settings.perDay,
    decisionBusinessDays: settings.decisionBusinessDays,
    mailPerHouseholdPerDay: settings.mailPerHouseholdPerDay,
    requests: player === undefined ? [] : (await playerFreeEntryRequests(db, player.id)).map(requestView),
    serverTime: new Date(nowMs).toISOString(),
  };
}

/**
 * Makes a request of a channel: the checks, the daily limit (per player, channel and operator day;
 * a concurrent second request finds its slot taken), a fresh code. An online request is `received`
 * and, when the operator's review is automatic, credited in the same transaction; a mail request
 * waits for its letter (`awaiting_letter`).
 */
export async function makeFreeEntryRequest(deps: Pick<AppDeps, 'database' | 'clock' | 'rng'>, player: Player, channel: FreeEntryChannel): Promise<FreeEntryRequestRow> {
  const { db } = deps.database;
  const settings = await readFreeEntrySettings(db);
  if (!settings.active) throw new AppError('FREE_ENTRY_NOT_ACTIVE');
  const refusal = await refusalOf(deps, player);
  if (refusal) throw new AppError(REFUSAL_CODES[refusal]);
  const timeZone = await readOperatorTimeZone(db);
  return db.transaction().execute(async (trx) => {
    const nowMs = deps.clock.nowMs();
    const day = operatorDay(nowMs, timeZone);
    const made = await requestsOfDay(trx, player.id, channel, day);
    if (made >= settings.perDay) throw new AppError('FREE_ENTRY_DAILY_LIMIT');
    const online = channel === 'online';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await insertFreeEntryRequest(trx, {
        playerId: player.id,
        channel,
        code: newRequestCode(deps.rng),
        day,
        slot: made + 1,
        status: online ? 'received' : 'awaiting_letter',
        amountCents: online ? settings.onlineAmountCents : settings.mailAmountCents,
        nowMs,
        receivedAtMs: online ? nowMs : null,
        dueAtMs: online ? decisionDueAtMs(nowMs, settings.decisionBusinessDays, timeZone) : null,
        expiresAtMs: online ? null : nowMs + settings.mailCodeValidDays * 86_400_000,
      });
      if (row) {
        if (online && settings.onlineReview === 'automatic') return creditRequest(trx, row, { clock: deps.clock, operatorId: null });
        return row;
      }
      // The slot went to a concurrent request of the player: the day's limit is reached.
      if (await slotTaken(trx, player.id, channel, day, made + 1)) throw new AppError('FREE_ENTRY_DAILY_LIMIT');
      // Otherwise the code collided with another request's: draw another.
    }
    throw new Error('free entry: could not draw an unused request code');
  });
}

/**
 * Credits a received request exactly once: the status change (a second decision updates nothing)
 * and the ledger transfer keyed `free-entry:<id>` in one transaction, with the player's push.
 * Fortune Coins land like every prize's: unplayed, redeemable after play-through (docs/wallet-ledger.md).
 */
export async function creditRequest(trx: Transaction<Database>, row: FreeEntryRequestRow, options: { clock: Clock; operatorId: number | null }): Promise<FreeEntryRequestRow> {
  const nowMs = options.clock.nowMs();
  if (!(await decideFreeEntryRequest(trx, Number(row.id), { status: 'credited', nowMs, operatorId: options.operatorId }))) throw new AppError('FREE_ENTRY_ALREADY_DECIDED');
  await creditPlayer(
    trx,
    { playerId: row.player_id, feature: FREE_ENTRY_FEATURE, prize: { kind: 'fortune_coins', amountCents: row.amount_cents }, idempotencyKey: `free-entry:${row.id}`, metadata: { requestId: Number(row.id), channel: row.channel, code: row.code } },
    { clock: options.clock },
  );
  await pushDecision(trx, row, 'credited', options.clock);
  return (await freeEntryRequestById(trx, Number(row.id)))!;
}

export async function rejectRequest(trx: Transaction<Database>, row: FreeEntryRequestRow, options: { clock: Clock; operatorId: number; reason: string }): Promise<FreeEntryRequestRow> {
  if (!(await decideFreeEntryRequest(trx, Number(row.id), { status: 'rejected', nowMs: options.clock.nowMs(), operatorId: options.operatorId, reason: options.reason }))) throw new AppError('FREE_ENTRY_ALREADY_DECIDED');
  await pushDecision(trx, row, 'rejected', options.clock);
  return (await freeEntryRequestById(trx, Number(row.id)))!;
}

async function pushDecision(trx: Transaction<Database>, row: FreeEntryRequestRow, status: 'credited' | 'rejected', clock: Clock): Promise<void> {
  const payload = { requestId: Number(row.id), status, amountCents: row.amount_cents };
  await recordPush(trx, { eventType: FreeEntryDecided.name, playerId: row.player_id, push: { type: 'freeEntry', action: status, data: { requestId: Number(row.id), entries: entries(row.amount_cents) } }, payload }, { clock });
}

/** What the operator reads off an arrived letter. */
export interface LetterInput {
  code: string;
  /** The postmark date (`YYYY-MM-DD`, a calendar day as on the envelope). */
  postmarkedOn: string;
  returnAddress: { streetLine: string; postalCode: string };
}

/**
 * A letter arrived: the operator typed its code, its postmark date and its return address. An unknown
 * code, one used before, a postmark later than today or an address with nothing left once normalized
 * is refused with nothing changed. Otherwise the request is received (its decision due date set), and
 * two rules decide at once, rejecting it with their code and reason (docs/features/free-entry.md): a
 * postmark outside the code's days (from its issue day to its last valid day), and more letters of its
 * household (return address) for its request day than `mailPerHouseholdPerDay`. A letter within both
 * takes its household's next place (a unique row: two letters entered at once cannot both take the
 * last one) and waits for the operator's decision.
 */
export async function receiveLetter(db: Kysely<Database>, letter: LetterInput, options: { clock: Clock; operatorId: number }): Promise<FreeEntryRequestRow> {
  const code = normalizeRequestCode(letter.code);
  if (code === undefined) throw new AppError('FREE_ENTRY_CODE_UNKNOWN');
  const household = householdKey(letter.returnAddress.streetLine, letter.returnAddress.postalCode);
  if (household === undefined) throw new AppError('FREE_ENTRY_RETURN_ADDRESS_INVALID');
  const settings = await readFreeEntrySettings(db);
  const timeZone = await readOperatorTimeZone(db);
  const receive = () =>
    db.transaction().execute(async (trx) => {
      const row = await freeEntryRequestByCode(trx, code);
      if (!row || row.channel !== 'mail') throw new AppError('FREE_ENTRY_CODE_UNKNOWN');
      if (row.status !== 'awaiting_letter') throw new AppError('FREE_ENTRY_CODE_USED');
      const nowMs = options.clock.nowMs();
      // A postmark is a calendar day where the letter was posted: later than today anywhere is a misreading.
      if (letter.postmarkedOn > operatorDay(nowMs + 86_400_000, 'Pacific/Kiritimati')) throw new AppError('FREE_ENTRY_POSTMARK_IN_FUTURE');
      const deadlineDay = row.expires_at_ms === null ? letter.postmarkedOn : operatorDay(Number(row.expires_at_ms), timeZone);
      let refusal = postmarkRefusal(letter.postmarkedOn, row.day, deadlineDay);
      const slot = refusal ? null : (await householdLettersCounted(trx, household, row.day)) + 1;
      if (slot !== null && slot > settings.mailPerHouseholdPerDay) refusal = 'householdLimit';
      const letterRow = { postmarkedOn: letter.postmarkedOn, householdKey: household, householdSlot: refusal ? null : slot };
      if (!(await markLetterReceived(trx, Number(row.id), nowMs, decisionDueAtMs(nowMs, settings.decisionBusinessDays, timeZone), letterRow))) throw new AppError('FREE_ENTRY_CODE_USED');
      const received = (await freeEntryRequestById(trx, Number(row.id)))!;
      if (!refusal) return received;
      if (!(await decideFreeEntryRequest(trx, Number(row.id), { status: 'rejected', nowMs, operatorId: options.operatorId, reason: LETTER_REJECT_REASONS[refusal], code: refusal }))) throw new Error(`free entry request ${row.id} was decided while its letter was being received`);
      await pushDecision(trx, received, 'rejected', options.clock);
      return (await freeEntryRequestById(trx, Number(row.id)))!;
    });
  try {
    return await receive();
  } catch (error) {
    // Another letter of the household took the same place at the same moment: count again once.
    if (!isUniqueViolation(error)) throw error;
    return receive();
  }
}


