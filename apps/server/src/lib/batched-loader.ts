/**
 * Coalesces lookups into batches: keys asked for while no batch is in flight wait for the end of the
 * current turn of the event loop; keys asked for while one is in flight form the next batch, which
 * starts as soon as it ends. So under load one query answers many requests, and a lone request
 * waits for nothing but the turn it arrived in. Every key is answered by a batch that started after
 * it was asked for, so nothing is older than a direct lookup made at the same moment.
 *
 * `load` answers the values of the keys it found (a missing key answers undefined); if it throws,
 * every lookup of that batch gets the error.
 */
export function batchedLoader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 500): (key: K) => Promise<V | undefined> {
  let queue: { key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = false;
  let scheduled = false;

  const run = async (): Promise<void> => {
    scheduled = false;
    inFlight = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        try {
          const found = await load([...new Set(batch.map((item) => item.key))]);
          for (const item of batch) item.resolve(found.get(item.key));
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      inFlight = false;
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (inFlight || scheduled) return;
      scheduled = true;
      setImmediate(() => void run());
    });
}
