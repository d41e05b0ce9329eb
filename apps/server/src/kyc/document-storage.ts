import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded identity documents are kept. The disk store is the default; an S3-compatible
 * store is the documented extension point (docs/kyc-and-redeem.md): implement this interface and
 * choose it in `documentStorageFor`.
 */
export interface DocumentStorage {
  /** Stores the bytes under a new random key inside the player's folder; answers the key. */
  put(playerId: number, bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

const KEY = /^\d{1,12}\/[a-f0-9]{32}\.(pdf|gif|jpg|png)$/;

/** `<root>/<playerId>/<32 random hex>.<ext>`, files readable by the server's user only. */
export class DiskDocumentStorage implements DocumentStorage {
  constructor(private readonly root: string) {}

  async put(playerId: number, bytes: Buffer, extension: string): Promise<string> {
    const key = `${playerId}/${randomBytes(16).toString('hex')}.${extension}`;
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
    return key;
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.fileOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  private fileOf(key: string): string {
    // Keys are only ever made by put(); anything else is a bug, never a path to follow.
    if (!KEY.test(key)) throw new Error(`invalid document storage key: ${key}`);
    return path.join(this.root, key);
  }
}

/** The configured store: DATA_DIR/uploads on disk. */
export function documentStorageFor(config: { dataDir: string }): DocumentStorage {
  return new DiskDocumentStorage(path.join(config.dataDir, 'uploads'));
}
