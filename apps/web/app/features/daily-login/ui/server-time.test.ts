import { describe, expect, it } from 'vitest';
import { localTargetMs } from './server-time';

describe('the next claim countdown', () => {
  it("counts on the server's clock: a device clock that is off by an hour still ends on the server's midnight", () => {
    const serverNow = '2027-01-04T17:00:00.000Z';
    const nextClaimAt = '2027-01-05T05:00:00.000Z';
    const deviceNow = Date.parse(serverNow) - 3_600_000;
    expect(localTargetMs(nextClaimAt, serverNow, deviceNow) - deviceNow).toBe(12 * 3_600_000);
  });
});
