import { z } from 'zod';

/**
 * A single-line text field: no control characters. PostgreSQL cannot store NUL in text columns, so
 * a NUL that reached a query would be a 500; refusing controls at the edge makes it a 400.
 */
export function singleLine(max: number, min = 0) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  return z.string().min(min).max(max).regex(/^[^\u0000-\u001f\u007f]*$/, 'Control characters are not allowed');
}
