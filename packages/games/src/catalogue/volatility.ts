import { type Volatility } from './types';

/**
 * The lobby's volatility label from the standard deviation σ of one round's win per unit of bet:
 * low below 4, medium 4 to 6, high 6 to 10, very high from 10.
 */
export function volatilityLabel(standardDeviation: number): Volatility {
  if (standardDeviation < 4) return 'low';
  if (standardDeviation < 6) return 'medium';
  if (standardDeviation < 10) return 'high';
  return 'very high';
}
