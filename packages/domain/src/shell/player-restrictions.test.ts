import { describe, expect, it } from 'vitest';
import { restrictionIds, restrictionIdsDigestInput } from './player-restrictions';

const restricted = new Set(['WA', 'ID']);

describe('player restriction ids', () => {
  it('marks guests', () => {
    expect(restrictionIds({ isGuest: true, accountStatus: null, stateCode: null }, restricted)).toEqual(['guest']);
  });

  it('gives an active player with an allowed or unknown state no restriction', () => {
    expect(restrictionIds({ isGuest: false, accountStatus: 'ACTIVE', stateCode: 'NY' }, restricted)).toEqual([]);
    expect(restrictionIds({ isGuest: false, accountStatus: 'ACTIVE', stateCode: null }, restricted)).toEqual([]);
  });

  it('lists a restricted state and a non-active account, sorted', () => {
    expect(restrictionIds({ isGuest: false, accountStatus: 'SELF_EXCLUDED', stateCode: 'wa' }, restricted)).toEqual(['account:SELF_EXCLUDED', 'state:WA']);
  });

  it('builds the same digest input whatever the order', () => {
    expect(restrictionIdsDigestInput(['state:WA', 'account:BLOCKED', 'state:WA'])).toBe(restrictionIdsDigestInput(['account:BLOCKED', 'state:WA']));
    expect(restrictionIdsDigestInput([])).toBe('');
  });
});
