import { ZAppInitResponse } from '@sweepstack/contracts/app/app-init';
import type { Player } from '@sweepstack/db/repositories/players';
import { describe, expect, it } from 'vitest';
import { guestAppInit, playerAppInit, playerAppInitResponseJson, type PlayerAppInitInputs } from './app-init-data';

const player: Player = {
  id: 7,
  uuid: '2f0d7c39-6a55-4f8e-9d0c-3c3f0f1c2a11',
  email: 'quote"and\\back@example.com',
  email_normalized: 'quote"and\\back@example.com',
  birthday: '1990-05-17',
  login: 'Player\u2028 ünï',
  phone: null,
  primary_contact: 'email',
  email_confirmed: 1,
  phone_confirmed: 0,
  account_status: 'SELF_EXCLUDED',
  game_mode: 'SweepStakes',
  registration_complete: 0,
  funnel_type: 'closed',
  registration_source: null,
  traffic_source: null,
  is_affiliate: 1,
  invited_by_code: null,
  referral_code: 'ABCDEFGH',
  created_at_ms: 1,
  updated_at_ms: 2,
};

const inputs = (overrides: Partial<PlayerAppInitInputs> = {}): PlayerAppInitInputs => ({
  theme: 'nlc',
  player,
  restrictionIdsHash: 'a'.repeat(64),
  termsRequirement: [{ id: 3, key: 'privacy' }],
  depositsCount: 2,
  balance: { entries: 12.34, winnings: 0.07, tourPoints: 10_025, coins: 10_025 },
  connection: {
    wsConnectionData: { path: '/socket.io', transports: ['websocket', 'polling'], pingIntervalMs: 25_000, maxPingDelayMs: 20_000, tokenExpiresAtMs: 123 },
    websocket: 'http://localhost:3000',
    token: '7.123.sig',
  },
  ...overrides,
});

describe('player app init JSON', () => {
  it('is exactly the JSON of { success: true, data: playerAppInit(inputs) } and passes the contract', () => {
    for (const value of [inputs(), inputs({ connection: undefined, termsRequirement: [], depositsCount: 0 })]) {
      const parsed = JSON.parse(playerAppInitResponseJson(value)) as unknown;
      expect(parsed).toEqual({ success: true, data: playerAppInit(value) });
      expect(ZAppInitResponse.parse(parsed)).toEqual(parsed);
    }
  });

  it('has every field of the contract, like the guest answer', () => {
    const parsed = JSON.parse(playerAppInitResponseJson(inputs())) as { data: Record<string, unknown> };
    // `featureTimes` is optional: present once a feature answers its times (none in these inputs).
    const contractKeys = Object.keys(ZAppInitResponse.shape.data.shape).filter((key) => key !== 'featureTimes' || key in parsed.data);
    expect(Object.keys(parsed.data).sort()).toEqual(contractKeys.sort());
    expect(Object.keys(guestAppInit('nlc', 'b'.repeat(64))).sort()).toEqual(Object.keys(parsed.data).sort());
  });

  it('shares constant parts that nobody can change', () => {
    const data = playerAppInit(inputs());
    expect(() => {
      (data.rankLeague as { enabled: boolean }).enabled = true;
    }).toThrow(TypeError);
    expect(playerAppInit(inputs()).rankLeague.enabled).toBe(false);
  });
});
