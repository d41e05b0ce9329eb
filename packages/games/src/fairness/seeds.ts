import { sha256, toHex, fromHex } from './sha256';

/** A player's fairness state: the current committed server seed, their client seed and the next nonce. */
export interface FairnessState {
  serverSeed: string;
  /** SHA-256 of the server seed's 32 bytes, hex: shown to the player before any round uses the seed. */
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use; every round uses one and increments it. */
  nonce: number;
}

/** The commitment of a server seed: hex SHA-256 of its 32 decoded bytes. */
export function commitServerSeed(serverSeed: string): string {
  return toHex(sha256(fromHex(serverSeed)));
}

/** A server seed from 32 random bytes supplied by the caller (the package has no randomness of its own). */
export function serverSeedFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new Error('a server seed is 32 bytes');
  return toHex(bytes);
}

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** Whether a client seed is acceptable: 1 to 64 printable ASCII characters without spaces. */
export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED.test(clientSeed);
}

/** A fresh fairness state (nonce 0) for a new seed. */
export function newFairnessState(serverSeedBytes: Uint8Array, clientSeed: string): FairnessState {
  if (!isValidClientSeed(clientSeed)) throw new Error('invalid client seed');
  const serverSeed = serverSeedFromBytes(serverSeedBytes);
  return { serverSeed, serverSeedHash: commitServerSeed(serverSeed), clientSeed, nonce: 0 };
}

/** The seeds of the next round and the state after it (nonce + 1). */
export function takeRound(state: FairnessState): { seeds: { serverSeed: string; clientSeed: string; nonce: number }; next: FairnessState } {
  return {
    seeds: { serverSeed: state.serverSeed, clientSeed: state.clientSeed, nonce: state.nonce },
    next: { ...state, nonce: state.nonce + 1 },
  };
}

/** Rotation: the old server seed is revealed (so past rounds can be verified) and a new one is committed. */
export function rotateSeed(
  state: FairnessState,
  newServerSeedBytes: Uint8Array,
  newClientSeed: string = state.clientSeed,
): { revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number }; next: FairnessState } {
  return {
    revealed: { serverSeed: state.serverSeed, serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed, lastNonce: state.nonce - 1 },
    next: newFairnessState(newServerSeedBytes, newClientSeed),
  };
}

/** Whether a revealed server seed matches the hash that was committed. */
export function verifyCommitment(serverSeed: string, serverSeedHash: string): boolean {
  try {
    return commitServerSeed(serverSeed) === serverSeedHash.toLowerCase();
  } catch {
    return false;
  }
}
