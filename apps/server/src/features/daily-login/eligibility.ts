import type { DailyLoginReason } from '@sweepstack/contracts/daily-login/info';
import type { ErrorCode } from '@sweepstack/contracts/errors';
import type { Player } from '@sweepstack/db/repositories/players';
import type { DailyLoginLadder } from '@sweepstack/db/daily-login/repository';

/**
 * Who may claim (docs/features/daily-login.md): an ACTIVE account only. A self-excluded or cooling-off
 * player is not offered promotional prizes (the same rule as play and purchases).
 */
export function accountRefusal(accountStatus: Player['account_status']): { reason: DailyLoginReason; code: ErrorCode } | undefined {
  if (accountStatus === 'ACTIVE') return undefined;
  if (accountStatus === 'SELF_EXCLUDED') return { reason: 'selfExcluded', code: 'DAILY_LOGIN_SELF_EXCLUDED' };
  if (accountStatus === 'COOLING_OFF') return { reason: 'coolingOff', code: 'DAILY_LOGIN_COOLING_OFF' };
  return { reason: 'accountNotActive', code: 'DAILY_LOGIN_NOT_ALLOWED' };
}

/** Whether the ladder is running at `nowMs`: switched on and not past its finish time. */
export function ladderRunning(ladder: Pick<DailyLoginLadder, 'active' | 'finishesAtMs'> | undefined, nowMs: number): boolean {
  return ladder !== undefined && ladder.active && (ladder.finishesAtMs === null || nowMs < ladder.finishesAtMs);
}

/** The idempotency key of a player's claim of a day: the ledger's, the grant's and the notice's. */
export function claimKey(playerId: number, day: string): string {
  return `daily-login:${playerId}:${day}`;
}
