import { describe, expect, it } from 'vitest';
import { registry } from '../../platform/registry';

const player = { isGuest: false, emailConfirmed: true };
const targets = (search: string) => registry.resolveDeepLinks(search, player).map((t) => [t.param, t.modal, t.playersOnly]);

describe('the freeEntriesBonus link (spec §2, §5)', () => {
  it('opens the claim modal for a numeric pending bonus id, players only', () => {
    expect(targets('?freeEntriesBonus=42')).toEqual([['freeEntriesBonus', 'bonus-claim', true]]);
    expect(registry.modal('bonus-claim')?.load).toBeTypeOf('function');
  });

  it('ignores a non-numeric id', () => {
    for (const bad of ['abc', '12a', '-1', '1.5', '', '%20', '1234567890123456']) expect(targets(`?freeEntriesBonus=${bad}`), bad).toEqual([]);
  });
});
