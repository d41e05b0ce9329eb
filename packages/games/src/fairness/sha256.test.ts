import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from './xoshiro';
import { fromHex, hmacSha256, sha256, toHex, utf8 } from './sha256';

describe('sha256', () => {
  it('matches the FIPS 180-4 example vectors', () => {
    expect(toHex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    expect(toHex(sha256(utf8('a'.repeat(1_000_000))))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('matches node:crypto on every length around the block boundaries and on random messages', () => {
    const rng = new Xoshiro128(1);
    for (let length = 0; length < 300; length++) {
      const message = Uint8Array.from({ length }, () => rng.int(256));
      expect(toHex(sha256(message))).toBe(createHash('sha256').update(message).digest('hex'));
    }
  });
});

describe('hmacSha256', () => {
  it('matches the RFC 4231 test cases', () => {
    const cases: [string, string, string][] = [
      ['0b'.repeat(20), toHex(utf8('Hi There')), 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
      [toHex(utf8('Jefe')), toHex(utf8('what do ya want for nothing?')), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
      ['aa'.repeat(20), 'dd'.repeat(50), '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe'],
      ['0102030405060708090a0b0c0d0e0f10111213141516171819', 'cd'.repeat(50), '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b'],
      ['aa'.repeat(131), toHex(utf8('Test Using Larger Than Block-Size Key - Hash Key First')), '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54'],
    ];
    for (const [key, message, mac] of cases) expect(toHex(hmacSha256(fromHex(key), fromHex(message)))).toBe(mac);
  });

  it('matches node:crypto for random keys and messages', () => {
    const rng = new Xoshiro128(2);
    for (let i = 0; i < 200; i++) {
      const key = Uint8Array.from({ length: rng.int(150) }, () => rng.int(256));
      const message = Uint8Array.from({ length: rng.int(200) }, () => rng.int(256));
      expect(toHex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });

  it('rejects malformed hex', () => {
    expect(() => fromHex('abc')).toThrow();
    expect(() => fromHex('zz')).toThrow();
  });
});
