/**
 * The embedded engine: PGlite (Postgres compiled to WebAssembly) with its files under DATA_DIR/pglite, or in
 * memory for tests. One process owns a data folder at a time (a PID file says which), since PGlite has no
 * server to share it: several instances use DATABASE_URL instead.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { preparedStatements } from './pglite-statements.ts'
import {
  asStorageError,
  DatabaseWontOpen,
  StorageUnavailable,
  withTimeout,
  type Database,
} from './database.ts'
import { openFailureMessage } from './pglite-folder-check.ts'
import { claimFolder } from './pglite-folder-lock.ts'
import { openCluster } from './pglite-on-disk.ts'

/**
 * PGlite runs each statement synchronously and hands its lock to the next holder in a microtask, so queued
 * transactions would run back to back without the event loop in between: answers from the service would wait for
 * all of them. Each holder first lets the loop run once (decision 0179).
 */
const letEventLoopIn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Holders of PGlite's lock, one at a time, urgent ones (a paid call's claim) before the queue; PGlite's own lock
 * serves in arrival order, so claims waited behind the writer's batches while holding a service slot (decision 0180).
 */
export function turns(): <T>(urgent: boolean, work: () => Promise<T>) => Promise<T> {
  let busy = false
  const urgentQueue: (() => void)[] = []
  const queue: (() => void)[] = []
  const next = () => {
    const waiter = urgentQueue.shift() ?? queue.shift()
    if (waiter) waiter()
    else busy = false
  }
  return async (urgent, work) => {
    if (busy) await new Promise<void>((resolve) => (urgent ? urgentQueue : queue).push(resolve))
    busy = true
    try {
      return await work()
    } finally {
      next()
    }
  }
}

/**
 * The full-text index's list of entries not yet merged into it: a collect job's inserts merge it when full, on the
 * function's thread. Merged at 512 kB rather than Postgres's 4 MB, each merge holds the thread a shorter while, and
 * the job ended ~0.3 s sooner in alternating runs; searches scan a shorter list too (decision 0180).
 */
export const GIN_PENDING_LIST_LIMIT = '512kB'

/** An error thrown by the caller's transaction function, carried through the engine's error wrapping unchanged. */
class Thrown {
  constructor(readonly error: unknown) {}
}

export const MEMORY = ':memory:'

/**
 * Under DATA_DIR, a second, empty cluster for a helper engine of this process (the cue worker): copied from the
 * database's own when that is created, so the helper opens files (~0.5 s) instead of running initdb (~2.6 s of CPU
 * and ~450 MB it keeps). A folder created before it existed gets its own on the helper's first start.
 */
export const HELPER_DATA_DIR = 'pglite-helper'

/** bytea parameters go to the engine as the bytes they are (binary format): PGlite's own codec writes hex text, ~10× slower. */
const BYTEA_OID = 17
// Typed as returning text; PGlite sends a byte array it gets back as it is, in binary.
const OPTIONS = { serializers: { [BYTEA_OID]: (v: unknown) => v as string } }

export type PgliteOptions = {
  /** DATA_DIR, or ':memory:'. */
  dataDir: string
  timeoutMs: number
  /** A dump (dumpDataDir) of an already migrated database to start an in-memory one from: tests copy one template. */
  template?: string
  /** This is the helper's own cluster (HELPER_DATA_DIR): no spare is kept beside it, and a damaged one is made again. */
  helper?: boolean
}

/** PGlite's stderr lines kept while it opens: Postgres's own reason when it stops at start. */
const START_LOG_LINES = 50

export async function openPglite({ dataDir, timeoutMs, template, helper }: PgliteOptions): Promise<Database> {
  let startLog: string[] | undefined = []
  const onStderr = (line: string) => {
    if (startLog && startLog.push(line) > START_LOG_LINES) startLog.shift()
    return false
  }
  let release = () => {}
  let pg: PGlite | undefined
  try {
    if (dataDir === MEMORY)
      pg = new PGlite(template ? { ...OPTIONS, loadDataDir: new Blob([readFileSync(template)]) } : OPTIONS)
    else {
      release = claimFolder(dataDir)
      pg = await openCluster({
        dataDir,
        options: { ...OPTIONS, onStderr },
        spare: helper ? undefined : join(dataDir, HELPER_DATA_DIR, 'pglite'),
        disposable: helper,
      })
    }
    await pg.waitReady
    await pg.exec(`SET gin_pending_list_limit = '${GIN_PENDING_LIST_LIMIT}'`)
  } catch (e) {
    if (pg?.ready) await pg.close().catch(() => undefined)
    release()
    if (dataDir === MEMORY || e instanceof StorageUnavailable) throw asStorageError(e)
    throw new DatabaseWontOpen(openFailureMessage(dataDir, e, startLog ?? []), { cause: e })
  } finally {
    startLog = undefined
  }
  const run = async <T>(what: string, work: () => Promise<T>, unbounded = false): Promise<T> => {
    try {
      return await (unbounded ? work() : withTimeout(work(), timeoutMs, what))
    } catch (e) {
      throw e instanceof Thrown ? e : asStorageError(e)
    }
  }
  const prepared = preparedStatements(pg)
  const turn = turns()
  const statement = async <T>(sql: string, params: readonly unknown[] | undefined): Promise<T[]> => {
    try {
      return await pg.runExclusive(() => prepared<T>(sql, params))
    } catch (e) {
      throw asStorageError(e)
    }
  }
  return {
    kind: 'pglite',
    // Outside a transaction a statement waits for any open one to end, as PGlite's own query does.
    query: (sql, params) =>
      run('a query', () =>
        turn(false, () =>
          pg._runExclusiveTransaction(async () => {
            await letEventLoopIn()
            const rows = await statement(sql, params)
            await pg.syncToFs()
            return rows as never
          }),
        ),
      ),
    // What the caller's function throws (a refusal such as budget_exhausted) rolls back and reaches the caller as it was.
    transaction: async (fn, options) => {
      try {
        return await run(
          'a transaction',
          () =>
            turn(options?.urgent ?? false, () =>
              pg.transaction(async () => {
                // A claim is short and holds a service slot: it does not wait for the loop.
                if (!options?.urgent) await letEventLoopIn()
                return fn({ query: (sql, params) => statement(sql, params) as never }).catch((e: unknown) =>
                  Promise.reject(new Thrown(e)),
                )
              }),
            ),
          options?.unbounded,
        )
      } catch (e) {
        throw e instanceof Thrown ? e.error : e
      }
    },
    exec: (sql) => run('a migration', async () => void (await pg.exec(sql))),
    // Between transactions, after a checkpoint, so the archive's files need no replay; compressed by the caller, off the lock.
    snapshot: () =>
      turn(false, () =>
        pg._runExclusiveTransaction(async () => {
          await letEventLoopIn()
          await statement('CHECKPOINT', undefined)
          return pg.dumpDataDir('none')
        }),
      ),
    sizeBytes: () =>
      run('a size query', async () =>
        Number(
          (await pg.query<{ n: number }>('SELECT pg_database_size(current_database())::float8 AS n')).rows[0]
            ?.n ?? 0,
        ),
      ),
    close: async () => {
      try {
        await pg.close()
      } finally {
        release()
      }
    },
  }
}
