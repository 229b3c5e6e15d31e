/** Migrations run to their end however long they take; on a server every other statement keeps its time limit. */
import { expect, it } from 'vitest'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { migrate } from './migrate.ts'
import { MIGRATIONS } from './migrations/index.ts'
import { openDatabase } from './open-database.ts'

describeOnEngines('a migration longer than the statement limit', (engine) => {
  it('is applied, while a query as long is cut off', async () => {
    const env = engine.env()
    const db = await openDatabase(
      {
        databaseUrl: env.DATABASE_URL,
        dataDir: env.DATA_DIR ?? ':memory:',
        timeoutMs: 300,
        poolSize: 2,
        pgliteTemplate: process.env.PGLITE_TEMPLATE,
      },
      () => undefined,
    )
    engine.track({ dispose: () => db.close() })
    // Two statements: the embedded engine runs one synchronously and checks its limit between them.
    const slow = { version: 999, name: 'slow', sql: 'SELECT pg_sleep(0.4);\nSELECT pg_sleep(0.4);' }
    expect(await migrate(db, [...MIGRATIONS, slow])).toEqual([999])
    // The embedded engine runs statements synchronously: its limit bounds waiting for a turn, not running.
    if (env.DATABASE_URL) await expect(db.query('SELECT pg_sleep(0.8)')).rejects.toThrow()
    expect(await db.query('SELECT 1 AS n')).toEqual([{ n: 1 }])
  })
})
