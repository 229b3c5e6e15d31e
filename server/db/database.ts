/**
 * The one storage engine: Postgres, embedded (PGlite under DATA_DIR) or a server (DATABASE_URL). Both speak the
 * same SQL through this interface; every statement is bounded in time, and a failure of the engine surfaces as
 * StorageUnavailable so the function answers 503 and pays nothing (fail closed). docs/decisions/0120.
 */
import { errnoCode } from './errno.ts'

export type Row = Record<string, unknown>

export type Queryable = {
  /** One parameterised statement ($1, $2, …); resolves to its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
}

/** One parameterised statement, to run as it is or to compose into a larger one. */
export type Statement = { sql: string; params: unknown[] }

type EngineKind = 'pglite' | 'postgres'

type TransactionOptions = {
  /**
   * Taken before queued work on an engine that runs one thing at a time (PGlite): a paid call's claim, which holds a
   * service slot while it waits. A server runs it as any other.
   */
  urgent?: boolean
  /** Not bounded by the statement time limit: a migration that rewrites a large table at start. */
  unbounded?: boolean
}

export type Database = Queryable & {
  kind: EngineKind
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /** The embedded engine only: its data folder as an uncompressed tar (PGlite's dumpDataDir), holding whole transactions. */
  snapshot?(): Promise<Blob>
  /** Bytes the database takes on disk (or in memory). */
  sizeBytes(): Promise<number>
  close(): Promise<void>
}

/** The engine did not answer, or answered with an error that is not the caller's: nothing may be paid. */
export class StorageUnavailable extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(detail, options)
    this.name = 'StorageUnavailable'
  }
}

/** The engine could not be opened at start; the message names the place, the cause and what to do, whole. */
export class DatabaseWontOpen extends StorageUnavailable {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(detail, options)
    this.name = 'DatabaseWontOpen'
  }
}

/** Numbers come back as number (PGlite), string (pg's int8 and numeric) or null: one reading for all. */
export const num = (v: unknown): number =>
  typeof v === 'number'
    ? v
    : typeof v === 'bigint'
      ? Number(v)
      : typeof v === 'string' && v !== ''
        ? Number(v)
        : 0

/** Rejects with StorageUnavailable when work takes longer than ms; the work itself is the engine's to cancel. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StorageUnavailable(`the database did not answer ${what} within ${ms} ms`)),
      ms,
    )
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Any engine error, turned into StorageUnavailable with a short reason (never the statement's parameters). */
export function asStorageError(e: unknown): StorageUnavailable {
  if (e instanceof StorageUnavailable) return e
  return new StorageUnavailable(engineErrorText(e).slice(0, 200), { cause: e })
}

/** PGlite throws its file system's errors as plain objects and stops with Emscripten's abort: both said in words. */
function engineErrorText(e: unknown): string {
  if (e instanceof Error && e.message.startsWith('Aborted('))
    return 'the embedded database stopped (PGlite aborted)'
  if (e instanceof Error && e.message) return e.message
  const code = errnoCode(e)
  if (code) return `the file system or network refused it (${code})`
  return typeof e === 'string' ? e : 'the engine failed without saying why'
}
