import { rejectionLimit, type RandomSource } from './random-source';
import { fromHex, hmacSha256, utf8 } from './sha256';

/** Seeds of one round: the round's draws are a pure function of these three values. */
export interface RoundSeeds {
  /** The server seed, 64 hex characters (32 bytes); the HMAC key is its 32 decoded bytes. */
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * HMAC-SHA256(key, message) as 32 bytes. The default is this package's plain TypeScript one, which
 * runs the same in the browser; a server may pass its platform's native HMAC (same function, faster).
 */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

/**
 * The provably-fair random source: block `cursor` is HMAC-SHA256(key = server seed bytes,
 * message = UTF-8 of `${clientSeed}:${nonce}:${cursor}`), read as eight big-endian 32-bit words;
 * cursor starts at 0 and goes up by one whenever a block's 32 bytes are used up. Each draw in [0, n)
 * takes the next word w and accepts it when w < 2^32 - (2^32 mod n), answering w mod n; otherwise it
 * takes the next word (rejection sampling).
 */
export class HmacRandomSource implements RandomSource {
  private readonly key: Uint8Array;
  private block: Uint8Array = new Uint8Array(0);
  private wordIndex = 8;
  private cursor = -1;
  /** How many 32-bit words were consumed (accepted and rejected). */
  wordsUsed = 0;

  constructor(
    private readonly seeds: RoundSeeds,
    private readonly hmac: HmacSha256 = hmacSha256,
  ) {
    this.key = fromHex(seeds.serverSeed);
    if (this.key.length !== 32) throw new Error('server seed must be 32 bytes (64 hex characters)');
  }

  /** The next raw 32-bit word of the stream. */
  nextWord(): number {
    if (this.wordIndex === 8) {
      this.cursor += 1;
      this.block = this.hmac(this.key, utf8(`${this.seeds.clientSeed}:${this.seeds.nonce}:${this.cursor}`));
      this.wordIndex = 0;
    }
    const j = this.wordIndex * 4;
    this.wordIndex += 1;
    this.wordsUsed += 1;
    const b = this.block;
    return ((b[j]! << 24) | (b[j + 1]! << 16) | (b[j + 2]! << 8) | b[j + 3]!) >>> 0;
  }

  int(maxExclusive: number): number {
    const limit = rejectionLimit(maxExclusive);
    for (;;) {
      const word = this.nextWord();
      if (word < limit) return word % maxExclusive;
    }
  }
}
