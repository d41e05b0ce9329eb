import { brotliCompressSync, constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A compressed page whose end is added per request without compressing anything again
 * (docs/page-serving.md, "Session 11"): the long part every request shares is compressed once and
 * left open (flushed to a byte boundary, not finished); each answer appends its own short end as
 * stored (uncompressed) blocks and closes the stream. Brotli and deflate both allow stored blocks
 * after a flush, so the result is one ordinary stream that any decoder reads.
 */
export interface OpenStream {
  encoding: 'br' | 'gzip';
  /** The compressed shared part (for gzip: the header and the deflate data, without the trailer). */
  open: Buffer;
  /** gzip only: the CRC-32 and length of the shared part, carried on over the end. */
  crc: number;
  length: number;
}

/** Compresses the shared part once (brotli quality 8, gzip level 9: once per stored page), left open for an end to be appended. */
export function openStream(encoding: 'br' | 'gzip', shared: Buffer): OpenStream {
  if (encoding === 'br') {
    const open = brotliCompressSync(shared, { finishFlush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: 8, [constants.BROTLI_PARAM_SIZE_HINT]: shared.length } });
    return { encoding, open, crc: 0, length: shared.length };
  }
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const body = deflateRawSync(shared, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return { encoding, open: Buffer.concat([header, body]), crc: crc32(shared), length: shared.length };
}

/** Brotli stored meta-blocks hold at most 2^16 bytes each with a 4-nibble length; deflate's 65,535. */
const BROTLI_BLOCK = 65_536;
const DEFLATE_BLOCK = 65_535;

/** The whole compressed answer: the open shared part, then `end` as stored blocks, then the close. */
export function closeWith(stream: OpenStream, end: Buffer): Buffer {
  const parts: Buffer[] = [stream.open];
  if (stream.encoding === 'br') {
    for (let at = 0; at < end.length; at += BROTLI_BLOCK) {
      const block = end.subarray(at, at + BROTLI_BLOCK);
      // ISLAST=0, MNIBBLES=4 (code 0), MLEN-1 in 16 bits, ISUNCOMPRESSED=1, padded to the byte.
      const bits = ((block.length - 1) << 3) | (1 << 19);
      parts.push(Buffer.from([bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff]), block);
    }
    // ISLAST=1, ISLASTEMPTY=1.
    parts.push(Buffer.from([0x03]));
    return Buffer.concat(parts);
  }
  let at = 0;
  do {
    const block = end.subarray(at, at + DEFLATE_BLOCK);
    at += DEFLATE_BLOCK;
    const final = at >= end.length ? 1 : 0;
    // BFINAL, BTYPE=00 (stored), padded to the byte; LEN and its complement, little-endian.
    parts.push(Buffer.from([final, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff]), block);
  } while (at < end.length);
  const trailer = Buffer.alloc(8);
  // (Node's crc32 answers 0 for some empty buffers instead of the value carried in.)
  trailer.writeUInt32LE((end.length > 0 ? crc32(end, stream.crc) : stream.crc) >>> 0, 0);
  trailer.writeUInt32LE((stream.length + end.length) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
