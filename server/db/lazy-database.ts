/** A Database usable at once while the engine opens (the app is built synchronously): calls wait for it, and fail as StorageUnavailable if it could not open. */
import { asStorageError, type Database } from './database.ts'

export function lazyDatabase(opening: Promise<Database>): Database & { ready: Promise<Database> } {
  const ready = opening.catch((e: unknown) => Promise.reject(asStorageError(e)))
  ready.catch(() => undefined) // reported by whoever waits for it (start-up, each request)
  return {
    ready,
    get kind() {
      return 'pglite' as const
    },
    query: async (sql, params) => (await ready).query(sql, params),
    transaction: async (fn) => (await ready).transaction(fn),
    exec: async (sql) => (await ready).exec(sql),
    sizeBytes: async () => (await ready).sizeBytes(),
    close: async () => {
      const db = await ready.catch(() => undefined)
      await db?.close()
    },
  }
}
