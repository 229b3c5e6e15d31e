/**
 * Nothing is paid on money tables that cannot be read whole: they are checked at start and again before the first
 * paid call after any storage error. Found damaged, the function stops spending (503 storage_damaged, naming the
 * table and the remedy) until it is restarted on repaired data; cached answers are still served.
 */
import type { Database } from '../db/database.ts'
import { checkMoneyTables, type MoneyTablesCheck, type StorageHealth } from '../db/money-tables-check.ts'
import { orUnavailable } from '../db/storage-failure.ts'
import { ApiFailure } from '../errors.ts'

export type MoneyTablesGuard = {
  health(): StorageHealth
  /**
   * Reads the money tables now (one check at a time), on the given engine (at start, the one being opened);
   * rejects with StorageUnavailable when the engine is away.
   */
  check(on?: Database): Promise<StorageHealth>
  /** A statement failed for want of storage: the tables are checked again before the next payment. */
  noteStorageError(): void
  /** Throws 503 storage_damaged when the tables are damaged, after checking them if a check is owed. */
  beforePaying(): Promise<void>
}

export type GuardOptions = {
  db: Database
  /** Where the data live, for the remedy: the embedded engine's folder, or undefined on a Postgres server. */
  dataDir: string | undefined
  now?: () => number
  log?: (line: string) => void
  /** Tests replace the reading of the tables. */
  checkTables?: (db: Database) => Promise<MoneyTablesCheck>
}

/** What a person does about it, on each engine. */
function remedyFor(dataDir: string | undefined): string {
  return dataDir === undefined
    ? 'Restore the database from your last pg_dump with pg_restore (docs/backups.md), then restart the dashboard.'
    : `Stop the dashboard and restore the last backup with \`npm run restore -- ${dataDir}/backups/<newest file>\` (docs/backups.md), or move ${dataDir}/pglite aside to start afresh; then start it again.`
}

function storageDamaged(h: Extract<StorageHealth, { status: 'degraded' }>): ApiFailure {
  return new ApiFailure(
    503,
    'storage_damaged',
    `The dashboard's ${h.table} table is damaged (${h.reason}), so no paid call is made: nothing was paid. ${h.remedy} Cached answers are still served.`,
    { charged: false },
  )
}

export function createMoneyTablesGuard(opts: GuardOptions): MoneyTablesGuard {
  const { db, now = Date.now, log = (l: string) => console.error(l) } = opts
  const checkTables = opts.checkTables ?? checkMoneyTables
  let health: StorageHealth = { status: 'unchecked' }
  let checking: Promise<StorageHealth> | undefined

  const run = async (on: Database): Promise<StorageHealth> => {
    const result = await checkTables(on)
    // Damage found stays until a restart: the files do not mend themselves, and a half-repair must not pay.
    if (health.status === 'degraded') return health
    if (result.ok) return (health = { status: 'ok' })
    health = {
      status: 'degraded',
      table: result.table,
      reason: result.reason,
      remedy: remedyFor(opts.dataDir),
      since: now(),
    }
    log(
      `[storage] paid calls are off: the ${result.table} table is damaged (${result.reason}). ${health.remedy}`,
    )
    return health
  }

  const guard: MoneyTablesGuard = {
    health: () => health,
    check: (on = db) =>
      (checking ??= run(on).finally(() => {
        checking = undefined
      })),
    noteStorageError() {
      if (health.status === 'ok') health = { status: 'unchecked' }
    },
    async beforePaying() {
      const current = health.status === 'unchecked' ? await orUnavailable(() => guard.check()) : health
      if (current.status === 'degraded') throw storageDamaged(current)
    },
  }
  return guard
}
