import { describe, expect, it } from 'vitest';
import { pushTypes } from '@sweepstack/contracts/realtime/push';
import { createRealtimeClient, loadPushContracts } from './realtime';

/** Just enough of a Socket.IO client socket for pushes. */
class FakeSocket {
  handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  connect() {}
  disconnect() {}
}

// Its own file: the module state (which contracts are registered) is this file's alone.
describe('push contracts', () => {
  it('load with the first push, not with the real-time module; the pushes that came first wait for them, in order', async () => {
    const shared = pushTypes();
    const got: string[] = [];
    const socket = new FakeSocket();
    const client = createRealtimeClient({ connectFn: () => socket as never, onInvalidPush: (_raw, reason) => got.push(reason) });
    client.subscribe('gameMode', (message) => got.push(message.data.gameMode));
    client.connect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Only the shared pushes (contracts/src/realtime) are known until a push arrives.
    expect(pushTypes()).toEqual(shared);
    socket.fire('push', { eventId: 1, message: { type: 'gameMode', action: 'changed', data: { gameMode: 'TournamentPoints' } } });
    socket.fire('push', { eventId: 2, message: { type: 'gameMode', action: 'changed', data: { gameMode: 'SweepStakes' } } });
    expect(got).toEqual([]);
    await loadPushContracts();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(got).toEqual(['TournamentPoints', 'SweepStakes']);
    expect(pushTypes()).toEqual(expect.arrayContaining([...shared, 'dailyLogin', 'wheelOfTreasure']));
  });
});
