/**
 * Money rule of every engine: a bet is a positive integer (smallest currency unit) and a multiple of the
 * game's bet divisor d; one pay unit is bet / d, so every win (pay units × bet / d) is an integer and the
 * return to player is exactly E[pay units] / d, whatever the bet.
 */
export function unitValue(bet: number, betDivisor: number): number {
  if (!Number.isSafeInteger(bet) || bet <= 0) throw new RangeError('bet must be a positive integer');
  if (bet % betDivisor !== 0) throw new RangeError(`bet must be a multiple of ${betDivisor}`);
  return bet / betDivisor;
}
