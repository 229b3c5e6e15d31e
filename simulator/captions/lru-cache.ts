/** A small least-recently-used map: generated tracks are memoised without growing without bound. */
export function createLruCache<V>(maxEntries: number) {
  const entries = new Map<string, V>()
  return {
    /** The cached value, or `make()`'s result stored under `key` (evicting the least recently used entry). */
    getOrCreate(key: string, make: () => V): V {
      const hit = entries.get(key)
      if (hit !== undefined) {
        entries.delete(key) // re-insert: Map iteration order is insertion order, so the oldest is first
        entries.set(key, hit)
        return hit
      }
      const value = make()
      entries.set(key, value)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      return value
    },
    get size() {
      return entries.size
    },
  }
}
