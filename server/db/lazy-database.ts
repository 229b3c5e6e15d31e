/**
 * A Database usable at once while the engine opens (the app is built synchronously): calls wait for it, and fail
 * as StorageUnavailable if it could not open. Every storage failure is reported to onStorageError (the money
 * tables are then checked again before the next payment).
 */
import { asStorageError, StorageUnavailable, type Database } from './database.ts'

export function lazyDatabase(
  opening: Promise<Database>,
  onStorageError: () => void = () => undefined,
): Database & { ready: Promise<Database> } {
  let opened: Database | undefined
  const ready = opening.then(
    (db) => (opened = db),
    (e: unknown) => Promise.reject(asStorageError(e)),
  )
  ready.catch(() => undefined) // reported by whoever waits for it (start-up, each request)
  const watched = <T>(work: Promise<T>): Promise<T> =>
    work.catch((e: unknown) => {
      if (e instanceof StorageUnavailable) onStorageError()
      throw e
    })
  return {
    ready,
    /** The engine's kind once open (before that, a guess that the embedded one is meant). */
    get kind() {
      return opened?.kind ?? 'pglite'
    },
    query: (sql, params) => watched(ready.then((db) => db.query(sql, params))),
    transaction: (fn, options) => watched(ready.then((db) => db.transaction(fn, options))),
    exec: (sql) => watched(ready.then((db) => db.exec(sql))),
    sizeBytes: () => watched(ready.then((db) => db.sizeBytes())),
    close: async () => {
      const db = await ready.catch(() => undefined)
      await db?.close()
    },
  }
}
