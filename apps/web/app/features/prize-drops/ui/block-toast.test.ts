import { describe, expect, it } from 'vitest';
import { startBlockToast, TOAST_AT_SECONDS, type BlockToastHost } from './block-toast';

/** A host on a hand-moved clock: timers fire when the test moves time past them. */
function fakeHost(blocks: number[]) {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let ids = 0;
  const state = { inGame: false, ended: false, toasts: [] as number[], loads: 0 };
  const host: BlockToastHost = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = ++ids;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    nextBlockAtMs: async () => {
      state.loads += 1;
      return blocks.find((b) => b > now) ?? null;
    },
    inGame: () => state.inGame,
    ended: () => state.ended,
    toast: () => state.toasts.push(now),
  };
  const advance = async (to: number) => {
    for (;;) {
      await Promise.resolve();
      await Promise.resolve();
      const due = timers.filter((t) => t.at <= to).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.run();
    }
    now = to;
  };
  return { host, state, advance };
}

const HOUR = 3_600_000;

describe('prize drops block toast (spec §4: 40 s before each block, on any page, not in a game)', () => {
  it('shows 40 s before each hourly block and reads the board again after each block', async () => {
    const { host, state, advance } = fakeHost([10 * 60_000, 10 * 60_000 + HOUR, 10 * 60_000 + 2 * HOUR]);
    startBlockToast(host);
    await advance(10 * 60_000 + 2 * HOUR + 5_000);
    expect(state.toasts).toEqual([0, 1, 2].map((i) => 10 * 60_000 + i * HOUR - TOAST_AT_SECONDS * 1000));
    expect(state.loads).toBeGreaterThanOrEqual(3);
  });

  it('shows nothing while a game is open, nor after prize drops ended, nor once stopped', async () => {
    const { host, state, advance } = fakeHost([60_000, 60_000 + HOUR, 60_000 + 2 * HOUR, 60_000 + 3 * HOUR]);
    const stop = startBlockToast(host);
    state.inGame = true;
    await advance(60_000 + 1000);
    expect(state.toasts).toEqual([]);
    state.inGame = false;
    await advance(60_000 + HOUR + 1000);
    expect(state.toasts).toEqual([60_000 + HOUR - 40_000]);
    state.ended = true;
    await advance(60_000 + 2 * HOUR + 1000);
    expect(state.toasts).toHaveLength(1);
    state.ended = false;
    stop();
    await advance(60_000 + 3 * HOUR + 1000);
    expect(state.toasts).toHaveLength(1);
  });

  it('skips a block whose last 40 s have begun (no late toast)', async () => {
    const { host, state, advance } = fakeHost([20_000, 20_000 + HOUR]);
    startBlockToast(host);
    await advance(25_000);
    expect(state.toasts).toEqual([]);
    await advance(20_000 + HOUR);
    expect(state.toasts).toEqual([20_000 + HOUR - 40_000]);
  });
});
