import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop (docs/decisions/0004). In WAL mode every commit appends its
 * pages to the WAL, and a checkpoint copies them back into the database file and syncs both files.
 * SQLite's automatic checkpoint runs that copy and its two fsyncs inside the commit that crosses the
 * threshold, on the committing thread: with better-sqlite3 that is the event loop, so one request in
 * a few hundred waited for a whole checkpoint, and every other request waited behind it.
 *
 * Here a worker thread with a connection of its own runs PASSIVE checkpoints every few milliseconds:
 * they never take the write lock and never wait (busy_timeout 0), so the event loop's writers are never
 * blocked by them. The event loop's connection keeps an automatic checkpoint at a higher threshold as
 * a backstop: a passive checkpoint cannot reset the WAL while commits keep arriving, so under steady
 * load the WAL would otherwise only grow; when the backstop runs, the worker has already copied
 * nearly every frame, so it copies the last few and lets the next commit start the WAL again.
 */
export interface BackgroundCheckpoint {
  /** Stops the worker and closes its connection (before the main connection closes). */
  stop(): Promise<void>;
}

/** How often the worker checkpoints. */
export const BACKGROUND_CHECKPOINT_INTERVAL_MS = 5;
/** The event loop's own automatic checkpoint threshold, in WAL pages, while the worker runs. */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 8000;

// CommonJS source for an eval worker: no module resolution or TypeScript loader needed in the worker
// (the server runs through tsx, tests through Vitest), only the driver's resolved path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
let timer = null;
function tick() {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next tick tries again */ }
  timer = setTimeout(tick, workerData.intervalMs);
}
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  if (timer) clearTimeout(timer);
  db.close();
  parentPort.close();
});
tick();
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

/** Starts checkpointing the WAL of the SQLite database file `file` in a worker thread. */
export function startBackgroundCheckpoint(file: string, intervalMs = BACKGROUND_CHECKPOINT_INTERVAL_MS): BackgroundCheckpoint {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driverPath, intervalMs } });
  // A checkpoint that fails only leaves the WAL to the backstop; never take the process down for it.
  worker.on('error', () => undefined);
  worker.unref();
  let stopped: Promise<void> | null = null;
  return {
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        const timeout = setTimeout(() => void worker.terminate().then(() => resolve()), 2000);
        worker.once('exit', () => {
          clearTimeout(timeout);
          resolve();
        });
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
