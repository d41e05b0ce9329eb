import { describe, expect, it } from 'vitest';
import { formatCountdown, localTargetMs } from './use-server-countdown';

describe('the next claim countdown', () => {
  it('shows hours, minutes and seconds, and days past a day', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3600 * 11 + 61)).toBe('11:01:01');
    expect(formatCountdown(86_400 + 5)).toBe('1d 00:00:05');
    expect(formatCountdown(-3)).toBe('00:00:00');
  });

  it("counts on the server's clock: a device clock that is off by an hour still ends on the server's midnight", () => {
    const serverNow = '2027-01-04T17:00:00.000Z';
    const nextClaimAt = '2027-01-05T05:00:00.000Z';
    const deviceNow = Date.parse(serverNow) - 3_600_000;
    expect(localTargetMs(nextClaimAt, serverNow, deviceNow) - deviceNow).toBe(12 * 3_600_000);
  });
});
