import { useEffect } from 'react';
import type { PlayerView } from '../../lib/root-data';
import { RealtimeConnection, useRealtime } from '../../lib/use-realtime';
import { balancesOfPush, useLiveBalance } from './live-balance';

/** A player's header state: app init seeds it, `balance` and `gameMode` pushes move it in every tab. */
function PlayerPushes({ player }: { player: PlayerView }) {
  const setBalance = useLiveBalance((s) => s.setBalance);
  const setGameMode = useLiveBalance((s) => s.setGameMode);
  const { balance, gameMode } = player;

  useEffect(() => {
    if (balance) setBalance(balance);
  }, [balance, setBalance]);
  useEffect(() => {
    setGameMode(gameMode);
  }, [gameMode, setGameMode]);

  useRealtime('balance', (push) => setBalance(balancesOfPush(push.data)));
  useRealtime('gameMode', (push) => setGameMode(push.data.gameMode));
  return null;
}

/**
 * The tab's real-time connection (mounted once; guests connect without an identity) and, for
 * players, the pushes that keep the header live. Guests subscribe to nothing here, so their first
 * load does not fetch the real-time chunk before the browser is idle.
 */
export function LiveSession({ player }: { player: PlayerView | null }) {
  return (
    <>
      <RealtimeConnection identity={player?.uuid ?? null} />
      {player && <PlayerPushes player={player} />}
    </>
  );
}
