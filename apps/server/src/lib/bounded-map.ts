/**
 * Sets `key` in a map used as a bounded cache: when a new key would pass `maxEntries`, the oldest
 * entry (first inserted) goes first. Reads do not reorder: eviction is by age, not by use.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  if (!map.has(key) && map.size >= maxEntries) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
