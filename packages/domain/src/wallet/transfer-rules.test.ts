import { describe, expect, it } from 'vitest';
import type { AccountSnapshot } from './accounts';
import { mayGoNegative, parseSystemAccountCode, SYSTEM_ACCOUNT_SHARDS, systemAccountCode, systemAccountShard } from './accounts';
import { assertSameTransfer, isIdempotencyKey, playerCreditKind, validateTransfer } from './transfer-rules';
import { parseSignupGiftSettings, signupGiftTransfers } from './signup-gift';
import { decideResolution } from './two-phase';

const player = (id: number, kind: AccountSnapshot['kind'], balance: number, currency: AccountSnapshot['currency'] = 'FC'): AccountSnapshot => ({ id, ownerPlayerId: 7, currency, kind, balance });
const system = (id: number, kind: AccountSnapshot['kind'], currency: AccountSnapshot['currency'] = 'FC'): AccountSnapshot => ({ id, ownerPlayerId: null, currency, kind, balance: -1_000 });
const shape = { idempotencyKey: 'k-1', currency: 'FC' as const, amount: 100, reason: 'game_bet' as const };

describe('transfer rules', () => {
  it('accept a valid transfer', () => {
    expect(() => validateTransfer(shape, player(1, 'player_unplayed', 100), system(2, 'game_play'))).not.toThrow();
  });

  it('refuse an overdraft of a player account but let system accounts go negative', () => {
    expect(() => validateTransfer(shape, player(1, 'player_unplayed', 99), system(2, 'game_play'))).toThrow(expect.objectContaining({ code: 'WALLET_INSUFFICIENT_FUNDS' }));
    expect(() => validateTransfer({ ...shape, reason: 'purchase' }, system(2, 'purchases'), player(1, 'player_unplayed', 0))).not.toThrow();
    expect(mayGoNegative('redemption_holds')).toBe(false);
  });

  it('refuse mixed currencies, same account, unknown reasons and reasons not allowed for an account', () => {
    expect(() => validateTransfer(shape, player(1, 'player_balance', 500, 'GC'), system(2, 'game_play'))).toThrow(expect.objectContaining({ code: 'WALLET_CURRENCY_MISMATCH' }));
    expect(() => validateTransfer(shape, system(2, 'game_play'), system(2, 'game_play'))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => validateTransfer({ ...shape, reason: 'nope' as never }, player(1, 'player_unplayed', 500), system(2, 'game_play'))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    // a purchase may not credit the redeemable part, a win may not credit the unplayed part
    expect(() => validateTransfer({ ...shape, reason: 'purchase' }, system(2, 'purchases'), player(1, 'player_redeemable', 0))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => validateTransfer({ ...shape, reason: 'game_win' }, system(2, 'game_play'), player(1, 'player_unplayed', 0))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    // unplayed coins cannot be redeemed; player to player is never allowed
    expect(() => validateTransfer({ ...shape, reason: 'redemption' }, player(1, 'player_unplayed', 500), system(2, 'redemption_holds'))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => validateTransfer({ ...shape, reason: 'adjustment' }, player(1, 'player_unplayed', 500), player(3, 'player_redeemable', 0))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    // Gold Coins have no redemption accounts
    expect(() => validateTransfer({ ...shape, currency: 'GC', reason: 'redemption' }, player(1, 'player_balance', 500, 'GC'), system(2, 'redemption_holds', 'GC'))).toThrow(expect.objectContaining({ code: 'WALLET_CURRENCY_MISMATCH' }));
  });

  it('refuse zero, negative and fractional amounts', () => {
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      expect(() => validateTransfer({ ...shape, amount }, player(1, 'player_unplayed', 500), system(2, 'game_play'))).toThrow(expect.objectContaining({ code: 'WALLET_INVALID_AMOUNT' }));
    }
  });

  it('check the idempotency key format', () => {
    expect(isIdempotencyKey('deposit:8f14e45f-ceea-467f-a0f2-00c3b39b0b5a:GC')).toBe(true);
    expect(isIdempotencyKey('signup-gift:42')).toBe(true);
    for (const bad of ['', ' x', 'a b', 'x'.repeat(201), 'é', 'a;drop', 42]) expect(isIdempotencyKey(bad)).toBe(false);
  });

  it('treat the same key with other economics as a conflict, metadata aside', () => {
    const first = { debitAccountId: 1, creditAccountId: 2, currency: 'FC' as const, amount: 100, reason: 'game_bet' as const, status: 'posted' as const };
    expect(() => assertSameTransfer(first, { ...first }, 'k')).not.toThrow();
    expect(() => assertSameTransfer(first, { ...first, amount: 101 }, 'k')).toThrow(expect.objectContaining({ code: 'WALLET_IDEMPOTENCY_CONFLICT' }));
    expect(() => assertSameTransfer(first, { ...first, creditAccountId: 3 }, 'k')).toThrow(expect.objectContaining({ code: 'WALLET_IDEMPOTENCY_CONFLICT' }));
  });

  it('route player credits: bonuses to unplayed, wins to redeemable, Gold Coins to the balance', () => {
    expect(playerCreditKind('FC', 'purchase')).toBe('player_unplayed');
    expect(playerCreditKind('FC', 'prize')).toBe('player_unplayed');
    expect(playerCreditKind('FC', 'game_win')).toBe('player_redeemable');
    expect(playerCreditKind('GC', 'game_win')).toBe('player_balance');
    expect(systemAccountCode('redemption_holds', 'FC')).toBe('FC:redemption_holds');
  });
});

describe('sign-up gift', () => {
  it('defaults to 10,000 GC and 1.00 FC into the unplayed part', () => {
    const transfers = signupGiftTransfers(42, parseSignupGiftSettings({}));
    expect(transfers).toEqual([
      expect.objectContaining({ idempotencyKey: 'signup-gift:42:GC', currency: 'GC', amount: 10_000, to: { playerId: 42, kind: 'player_balance' }, reason: 'signup_gift' }),
      expect.objectContaining({ idempotencyKey: 'signup-gift:42:FC', currency: 'FC', amount: 100, to: { playerId: 42, kind: 'player_unplayed' }, reason: 'signup_gift' }),
    ]);
  });

  it('leaves out a currency set to zero and rejects bad settings', () => {
    expect(signupGiftTransfers(1, parseSignupGiftSettings({ gc: 0, fcCents: 250 })).map((t) => t.currency)).toEqual(['FC']);
    expect(() => parseSignupGiftSettings({ gc: -1 })).toThrow(expect.objectContaining({ code: 'WALLET_INVALID_AMOUNT' }));
    expect(() => parseSignupGiftSettings({ fcCents: 0.5 })).toThrow(expect.objectContaining({ code: 'WALLET_INVALID_AMOUNT' }));
  });
});

describe('two-phase resolution', () => {
  it('applies once, replays the same resolution, refuses the other one', () => {
    expect(decideResolution('pending', undefined, 'post')).toBe('apply');
    expect(decideResolution('pending', { status: 'posted' }, 'post')).toBe('replay');
    expect(() => decideResolution('pending', { status: 'posted' }, 'void')).toThrow(expect.objectContaining({ code: 'WALLET_TRANSFER_NOT_PENDING' }));
    expect(() => decideResolution('posted', undefined, 'void')).toThrow(expect.objectContaining({ code: 'WALLET_TRANSFER_NOT_PENDING' }));
  });
});

describe('system account shards', () => {
  it('spread players over the shards and round-trip their codes', () => {
    expect(systemAccountShard(null)).toBe(0);
    expect(systemAccountShard(17)).toBe(1);
    expect(new Set(Array.from({ length: 64 }, (_, i) => systemAccountShard(i))).size).toBe(SYSTEM_ACCOUNT_SHARDS);
    expect(systemAccountCode('game_play', 'FC', 3)).toBe('FC:game_play#3');
    expect(parseSystemAccountCode('FC:game_play#3')).toEqual({ currency: 'FC', kind: 'game_play', shard: 3 });
    expect(parseSystemAccountCode('GC:purchases')).toEqual({ currency: 'GC', kind: 'purchases', shard: 0 });
    for (const bad of ['GC:player_balance', 'XX:purchases', 'GC:purchases#0', `GC:purchases#${SYSTEM_ACCOUNT_SHARDS}`, 'GC:nope']) expect(parseSystemAccountCode(bad)).toBeNull();
  });
});
