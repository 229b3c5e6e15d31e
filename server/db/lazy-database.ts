/** A Database usable at once while the engine opens (the app is built synchronously): calls wait for it, and fail as StorageUnavailable if it could not open. */
import { asStorageError, type Database } from './database.ts'

export function lazyDatabase(opening: Promise<Database>): Database & { ready: Promise<Database> } {
  let opened: Database | undefined
  const ready = opening.then(
    (db) => (opened = db),
    (e: unknown) => Promise.reject(asStorageError(e)),
  )
  ready.catch(() => undefined) // reported by whoever waits for it (start-up, each request)
  return {
    ready,
    /** The engine's kind once open (before that, a guess that the embedded one is meant). */
    get kind() {
      return opened?.kind ?? 'pglite'
    },
    query: async (sql, params) => (await ready).query(sql, params),
    transaction: async (fn, options) => (await ready).transaction(fn, options),
    exec: async (sql) => (await ready).exec(sql),
    sizeBytes: async () => (await ready).sizeBytes(),
    close: async () => {
      const db = await ready.catch(() => undefined)
      await db?.close()
    },
  }
}
