import { useEffect } from 'react';
import { RealtimeConnection, useRealtime } from '../../lib/use-realtime';
import type { PlayerView } from '../../lib/root-data';
import { balancesOfPush, useLiveBalance } from './live-balance';

/**
 * The tab's real-time connection (mounted once) and the header's live state: app init seeds the
 * balances and game mode, `balance` and `gameMode` pushes move them in every open tab.
 */
export function LiveSession({ player }: { player: PlayerView | null }) {
  const setBalance = useLiveBalance((s) => s.setBalance);
  const setGameMode = useLiveBalance((s) => s.setGameMode);
  const balance = player?.balance ?? null;
  const gameMode = player?.gameMode ?? null;

  useEffect(() => {
    if (balance) setBalance(balance);
  }, [balance, setBalance]);
  useEffect(() => {
    if (gameMode) setGameMode(gameMode);
  }, [gameMode, setGameMode]);

  useRealtime('balance', (push) => setBalance(balancesOfPush(push.data)));
  useRealtime('gameMode', (push) => setGameMode(push.data.gameMode));

  return <RealtimeConnection identity={player?.uuid ?? null} />;
}
