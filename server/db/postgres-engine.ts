/**
 * A Postgres server at DATABASE_URL, shared by every instance: a small pool, each statement bounded by
 * statement_timeout and a client-side limit, and prepared once per connection under a name (statement-names.ts).
 */
import pg from 'pg'
import { asStorageError, DatabaseWontOpen, type Database, type Queryable } from './database.ts'
import { postgresOpenFailure } from './postgres-open-failure.ts'
import { PLAN_OUTDATED, statementNames } from './statement-names.ts'

/** The client-side limit of an unbounded transaction's statements (a migration at start). */
const UNBOUNDED_MS = 24 * 3600_000

export type PostgresOptions = {
  url: string
  timeoutMs: number
  /** Connections this instance keeps at most. */
  poolSize: number
  log: (line: string) => void
  /** Distinct SQL texts prepared under a name; a new text past them runs unnamed. */
  maxNamed?: number
}

export async function openPostgres({
  url,
  timeoutMs,
  poolSize,
  log,
  maxNamed,
}: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 500,
    idleTimeoutMillis: 10_000,
    application_name: 'poix-dashboard',
  })
  // An idle connection that breaks (server restart) must not crash the process; the next query reconnects.
  pool.on('error', (e) => log(`[db] a pooled connection failed: ${e.message}`))
  // Out of the pool (in a transaction, or being handed to one: the server's FATAL can arrive in the same read as the
  // previous answer), a client has no 'error' listener of the pool's, and a connection breaking then would end the
  // process with an unhandled 'error'. The failure reaches the statements anyway, and the pool drops a client that
  // is no longer queryable when it is released: this listener only keeps the process alive.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (e) {
      throw asStorageError(e)
    }
  }
  // node-postgres parses a named statement on a connection's first use of the name, then only binds and runs it; a
  // failed parse is parsed again next time, and a statement outlives a rolled-back transaction.
  const names = statementNames({ maxNamed })
  const on = (q: Pick<pg.Pool | pg.PoolClient, 'query'>, unbounded = false): Queryable => ({
    query: (sql, params) =>
      guard(async () => {
        try {
          const config = { text: sql, values: params as unknown[], name: names.nameOf(sql) }
          // node-postgres reads a zero as "the pool's limit": an unbounded statement gets a day.
          return (
            await q.query((unbounded ? { ...config, query_timeout: UNBOUNDED_MS } : config) as pg.QueryConfig)
          ).rows as never
        } catch (e) {
          if ((e as { code?: string }).code === PLAN_OUTDATED) names.renew(sql)
          throw e
        }
      }),
  })
  const db: Database = {
    kind: 'postgres',
    query: (sql, params) => on(pool).query(sql, params),
    // What the caller's function throws (a refusal such as budget_exhausted) rolls back and reaches the caller as it was;
    // only the engine's own failures become StorageUnavailable (its statements' already are, through `on`).
    transaction: async (fn, options) => {
      const client = await guard(() => pool.connect())
      let broken: Error | undefined
      const tx = on(client, options?.unbounded)
      try {
        await tx.query('BEGIN')
        if (options?.unbounded) await tx.query('SET LOCAL statement_timeout = 0')
        const result = await fn(tx)
        await tx.query('COMMIT')
        return result
      } catch (e) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError))
        throw e
      } finally {
        client.release(broken)
      }
    },
    exec: (sql) => guard(async () => void (await pool.query(sql))),
    sizeBytes: () =>
      guard(async () =>
        Number(
          (await pool.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]?.n ??
            0,
        ),
      ),
    close: () => pool.end(),
  }
  // Fail at start, with the reason, rather than on the first paid call.
  try {
    await pool.query('SELECT 1')
  } catch (e) {
    await pool.end().catch(() => undefined)
    throw new DatabaseWontOpen(postgresOpenFailure(url, e, timeoutMs), { cause: e })
  }
  return db
}
