/**
 * The embedded engine: PGlite (Postgres compiled to WebAssembly) with its files under DATA_DIR/pglite, or in
 * memory for tests. One process owns a data folder at a time (a PID file says which), since PGlite has no
 * server to share it: several instances use DATABASE_URL instead.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { preparedStatements } from './pglite-statements.ts'
import { asStorageError, withTimeout, type Database } from './database.ts'

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
  /** This is the helper's own cluster (HELPER_DATA_DIR): no spare is kept beside it. */
  helper?: boolean
}

export async function openPglite({ dataDir, timeoutMs, template, helper }: PgliteOptions): Promise<Database> {
  const release = dataDir === MEMORY ? () => undefined : claimFolder(dataDir)
  let pg: PGlite
  try {
    if (dataDir === MEMORY)
      pg = new PGlite(template ? { ...OPTIONS, loadDataDir: new Blob([readFileSync(template)]) } : OPTIONS)
    else {
      const folder = join(dataDir, 'pglite')
      if (!existsSync(join(folder, 'PG_VERSION'))) {
        // Creating a database leaves ~450 MB of WebAssembly memory behind; opening the new files afresh does not.
        const creating = new PGlite(folder)
        await creating.waitReady
        await creating.close()
        const spare = join(dataDir, HELPER_DATA_DIR, 'pglite')
        if (!helper && !existsSync(join(spare, 'PG_VERSION'))) cpSync(folder, spare, { recursive: true })
      }
      pg = new PGlite(folder, OPTIONS)
    }
    await pg.waitReady
    await pg.exec(`SET gin_pending_list_limit = '${GIN_PENDING_LIST_LIMIT}'`)
  } catch (e) {
    release()
    throw asStorageError(e)
  }
  const run = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(work(), timeoutMs, what)
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
        return await run('a transaction', () =>
          turn(options?.urgent ?? false, () =>
            pg.transaction(async () => {
              // A claim is short and holds a service slot: it does not wait for the loop.
              if (!options?.urgent) await letEventLoopIn()
              return fn({ query: (sql, params) => statement(sql, params) as never }).catch((e: unknown) =>
                Promise.reject(new Thrown(e)),
              )
            }),
          ),
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

/** Takes DATA_DIR for this process, or says which living process has it. */
export function claimFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const pidFile = join(dataDir, 'pglite.pid')
  let holder: number | undefined
  try {
    holder = Number(readFileSync(pidFile, 'utf8').trim())
  } catch {
    holder = undefined
  }
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dataDir}/ is in use by another process (PID ${holder}). Stop it, or set DATABASE_URL so several instances share a Postgres server.`,
    )
  }
  writeFileSync(pidFile, String(process.pid))
  return () => rmSync(pidFile, { force: true })
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // After a reboot the PID may belong to an unrelated program: only a Node process can hold the folder.
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
  } catch {
    return true // no /proc (not Linux): trust the signal check
  }
}
