import { describe, expect, it } from 'vitest';
import { batchedLoader } from './batched-loader';

function loaderWithLog(values: Map<string, number>, gate?: Promise<void>) {
  const batches: string[][] = [];
  const load = batchedLoader<string, number>(async (keys) => {
    batches.push(keys);
    if (gate) await gate;
    return new Map(keys.filter((k) => values.has(k)).map((k) => [k, values.get(k)!]));
  }, 3);
  return { load, batches };
}

describe('batchedLoader', () => {
  it('answers the lookups of one turn with one batch, each its own value, unknown keys undefined', async () => {
    const { load, batches } = loaderWithLog(new Map([['a', 1], ['b', 2]]));
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('zz')]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    // Three per batch at most; duplicate keys are asked once.
    expect(batches).toEqual([['a', 'b'], ['zz']]);
  });

  it('collects lookups made while a batch is in flight into the next one', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { load, batches } = loaderWithLog(new Map([['a', 1], ['b', 2], ['c', 3]]), gate);
    const first = load('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['a']]);
    const later = [load('b'), load('c')];
    await new Promise((resolve) => setImmediate(resolve));
    // Still one batch: the next waits for the one in flight.
    expect(batches).toEqual([['a']]);
    open();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('gives a failed batch\'s error to each of its lookups and goes on with the next', async () => {
    let fail = true;
    const load = batchedLoader<string, number>(async (keys) => {
      if (fail) {
        fail = false;
        throw new Error('database down');
      }
      return new Map(keys.map((k) => [k, k.length]));
    });
    const results = await Promise.allSettled([load('x'), load('yy')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await load('zzz')).toBe(3);
  });
});
