/** Tests read what a function process stored, directly: its Postgres database, or its embedded folder once the process stopped. */
import pg from 'pg'
import type { Queryable } from '../db/database.ts'
import { openPglite } from '../db/pglite-engine.ts'

export async function withPgClient<T>(url: string, work: (q: Queryable) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    query_timeout: 30_000,
  })
  client.on('error', () => undefined)
  await client.connect()
  try {
    return await work({
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows as never,
    })
  } finally {
    await client.end()
  }
}

/** The embedded database of a DATA_DIR no process holds any more (its owner was stopped). */
export async function withPgliteFolder<T>(dataDir: string, work: (q: Queryable) => Promise<T>): Promise<T> {
  const db = await openPglite({ dataDir, timeoutMs: 60_000 })
  try {
    return await work(db)
  } finally {
    await db.close()
  }
}
