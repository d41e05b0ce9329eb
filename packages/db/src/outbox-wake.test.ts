import { describe, expect, it } from 'vitest';
import { coalescedWaker } from './outbox-wake';

describe('coalescedWaker', () => {
  it('sends one notification for any number of wakes in one event-loop turn, and none after close', async () => {
    let sent = 0;
    const waker = coalescedWaker(async () => (sent += 1));
    for (let i = 0; i < 20; i++) waker.wake();
    expect(sent).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(1);
    waker.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(2);
    waker.wake();
    waker.close();
    await new Promise((resolve) => setImmediate(resolve));
    waker.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(2);
  });

  it('survives a failed notification (the dispatchers poll)', async () => {
    let attempts = 0;
    const waker = coalescedWaker(async () => {
      attempts += 1;
      throw new Error('connection lost');
    });
    waker.wake();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    waker.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(attempts).toBe(2);
  });
});
