import { DEFAULT_SIGNUP_GIFT, parseSignupGiftSettings, SIGNUP_GIFT_SETTING_KEYS, type SignupGiftSettings, signupGiftKey, signupGiftTransfers } from '@sweepstack/domain/wallet/signup-gift';
import { CURRENCIES } from '@sweepstack/domain/wallet/money';
import { readSetting } from '../settings';
import { ensurePlayerAccounts } from './accounts';
import { ledgerAtomic } from './atomic';
import { type LedgerDb, type LedgerOptions, type TransferRecord, toRecord } from './records';
import { transferMany } from './transfers';

/** The sign-up gift amounts from the operator settings (defaults when unset). */
export async function loadSignupGiftSettings(db: LedgerDb): Promise<SignupGiftSettings> {
  const gc = await readSetting(db, SIGNUP_GIFT_SETTING_KEYS.gc);
  const fcCents = await readSetting(db, SIGNUP_GIFT_SETTING_KEYS.fcCents);
  return parseSignupGiftSettings({ gc: gc ?? DEFAULT_SIGNUP_GIFT.gc, fcCents: fcCents ?? DEFAULT_SIGNUP_GIFT.fcCents });
}

/**
 * Credits a new player's sign-up gift once (key `signup-gift:<playerId>`), opening the player's
 * accounts first. Calling it again answers the first gift, even if the settings changed since.
 */
export async function creditSignupGift(db: LedgerDb, playerId: number, settings?: SignupGiftSettings, options: LedgerOptions = {}): Promise<{ transfers: TransferRecord[]; replayed: boolean }> {
  return ledgerAtomic(db, async (trx) => {
    await ensurePlayerAccounts(trx, playerId, options);
    const gift = settings ?? (await loadSignupGiftSettings(trx));
    const planned = signupGiftTransfers(playerId, gift);
    const keys = CURRENCIES.map((currency) => `${signupGiftKey(playerId)}:${currency}`);
    const existing = await trx.selectFrom('ledger_transfers').selectAll().where('idempotency_key', 'in', keys).orderBy('id').execute();
    if (existing.length > 0) return { transfers: existing.map(toRecord), replayed: true };
    const results = await transferMany(trx, planned, options);
    return { transfers: results.map((r) => r.transfer), replayed: false };
  });
}
