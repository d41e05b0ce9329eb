import { describe, expect, it } from 'vitest';
import { balancesOfPush, useLiveBalance } from './live-balance';

describe('live balance', () => {
  it('a balance push carries Fortune Coins in hundredths and Gold Coins whole', () => {
    expect(balancesOfPush({ entries: 12345, tourPoints: 5000 })).toEqual({ tourPoints: 5000, entries: 123.45 });
  });
  it('the store keeps the latest balances and game mode', () => {
    useLiveBalance.getState().setBalance({ tourPoints: 1, entries: 2 });
    useLiveBalance.getState().setGameMode('SweepStakes');
    expect(useLiveBalance.getState()).toMatchObject({ balance: { tourPoints: 1, entries: 2 }, gameMode: 'SweepStakes' });
  });
});
