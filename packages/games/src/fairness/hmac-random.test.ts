import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chiSquareUniform } from '../math/statistics';
import { HmacRandomSource } from './hmac-random';
import { commitServerSeed, newFairnessState, rotateSeed, takeRound, verifyCommitment } from './seeds';
import { Xoshiro128 } from './xoshiro';

const SERVER_SEED = '5f2b4e8c1a9d3f7e6b0c2a4d8e1f3b5c7a9e0d2c4b6f8a1e3d5c7b9f0e2a4c6d';

describe('HmacRandomSource', () => {
  it('reads HMAC-SHA256(server seed bytes, "client:nonce:cursor") as big-endian words, moving the cursor every 8 words', () => {
    const source = new HmacRandomSource({ serverSeed: SERVER_SEED, clientSeed: 'lucky', nonce: 7 });
    const words: number[] = [];
    for (let i = 0; i < 12; i++) words.push(source.nextWord());
    const key = Buffer.from(SERVER_SEED, 'hex');
    const block0 = createHmac('sha256', key).update('lucky:7:0').digest();
    const block1 = createHmac('sha256', key).update('lucky:7:1').digest();
    const expected = [...Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(i * 4)), ...Array.from({ length: 4 }, (_, i) => block1.readUInt32BE(i * 4))];
    expect(words).toEqual(expected);
  });

  it('draws the same stream with a native HMAC-SHA256 passed in (the server passes node:crypto\'s)', () => {
    let calls = 0;
    const native = (key: Uint8Array, message: Uint8Array) => {
      calls += 1;
      return createHmac('sha256', key).update(message).digest();
    };
    const plain = new HmacRandomSource({ serverSeed: SERVER_SEED, clientSeed: 'same', nonce: 42 });
    const withNative = new HmacRandomSource({ serverSeed: SERVER_SEED, clientSeed: 'same', nonce: 42 }, native);
    const draws = (source: HmacRandomSource) => Array.from({ length: 500 }, (_, i) => source.int(3 + (i % 97)));
    expect(draws(withNative)).toEqual(draws(plain));
    expect(calls).toBeGreaterThan(1);
  });

  it('rejects words at or above 2^32 - (2^32 mod n) and takes the next one', () => {
    const source = new HmacRandomSource({ serverSeed: SERVER_SEED, clientSeed: 'x', nonce: 0 });
    const probe = new HmacRandomSource({ serverSeed: SERVER_SEED, clientSeed: 'x', nonce: 0 });
    const first = probe.nextWord();
    // n = first word + 1 would accept it; n chosen so that the first word falls in the rejected tail.
    const n = 2 ** 31 + 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    const value = source.int(n);
    if (first >= limit) {
      expect(source.wordsUsed).toBeGreaterThan(1);
    } else {
      expect(value).toBe(first % n);
      expect(source.wordsUsed).toBe(1);
    }
    // A stream of draws from [0, n) for n = 2^31 + 1 rejects about half the words.
    const many = new HmacRandomSource({ serverSeed: SERVER_SEED, clientSeed: 'y', nonce: 1 });
    for (let i = 0; i < 2000; i++) many.int(n);
    expect(many.wordsUsed / 2000).toBeGreaterThan(1.8);
    expect(many.wordsUsed / 2000).toBeLessThan(2.2);
  });

  it('is uniform: chi-square on a million draws passes at p > 0.001', () => {
    const source = new HmacRandomSource({ serverSeed: SERVER_SEED, clientSeed: 'chi', nonce: 3 });
    const counts = new Float64Array(37);
    for (let i = 0; i < 1_000_000; i++) counts[source.int(37)]! += 1;
    expect(chiSquareUniform(counts).pValue).toBeGreaterThan(0.001);
  });

  it('rejects a bad server seed and an empty range', () => {
    expect(() => new HmacRandomSource({ serverSeed: 'abcd', clientSeed: 'x', nonce: 0 })).toThrow();
    expect(() => new HmacRandomSource({ serverSeed: SERVER_SEED, clientSeed: 'x', nonce: 0 }).int(0)).toThrow();
  });
});

describe('rejection sampling on the seeded PRNG', () => {
  it('passes chi-square (p > 0.001) on 4 million draws over ranges where modulo would be biased', () => {
    const rng = new Xoshiro128(20261125);
    // For n = 3 * 2^30, w mod n would make the lower third twice as likely; the buckets would show it.
    const n = 3 * 2 ** 30;
    const buckets = new Float64Array(30);
    for (let i = 0; i < 2_000_000; i++) buckets[Math.floor(rng.int(n) / (n / 30))]! += 1;
    expect(chiSquareUniform(buckets).pValue).toBeGreaterThan(0.001);
    const small = new Float64Array(100);
    for (let i = 0; i < 2_000_000; i++) small[rng.int(100)]! += 1;
    expect(chiSquareUniform(small).pValue).toBeGreaterThan(0.001);
  });

  it('the chi-square test itself detects modulo bias (so the test above can fail)', () => {
    const rng = new Xoshiro128(5);
    const n = 3 * 2 ** 30;
    const buckets = new Float64Array(30);
    for (let i = 0; i < 200_000; i++) buckets[Math.floor((rng.nextWord() % n) / (n / 30))]! += 1;
    expect(chiSquareUniform(buckets).pValue).toBeLessThan(0.001);
  });
});

describe('seed commitment and rotation', () => {
  it('commits to the SHA-256 of the seed bytes, advances nonces and reveals the old seed on rotation', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i);
    const state = newFairnessState(bytes, 'my-seed');
    expect(state.serverSeedHash).toBe(createHash('sha256').update(Buffer.from(bytes)).digest('hex'));
    expect(state.serverSeedHash).toBe(commitServerSeed(state.serverSeed));
    const first = takeRound(state);
    const second = takeRound(first.next);
    expect([first.seeds.nonce, second.seeds.nonce, second.next.nonce]).toEqual([0, 1, 2]);
    const rotated = rotateSeed(second.next, Uint8Array.from({ length: 32 }, () => 9));
    expect(rotated.revealed.serverSeed).toBe(state.serverSeed);
    expect(rotated.revealed.lastNonce).toBe(1);
    expect(verifyCommitment(rotated.revealed.serverSeed, rotated.revealed.serverSeedHash)).toBe(true);
    expect(verifyCommitment(rotated.next.serverSeed, state.serverSeedHash)).toBe(false);
    expect(rotated.next.nonce).toBe(0);
    expect(() => newFairnessState(bytes, 'has space')).toThrow();
  });
});
