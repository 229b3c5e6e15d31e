/** Test helper (never imported by production code): a migrated database on the engine under test, closed after the test. */
import type { Database } from '../db/database.ts'
import { openDatabase } from '../db/open-database.ts'
import type { EngineUnderTest } from './postgres-cluster.ts'

export async function openEngineDatabase(engine: EngineUnderTest): Promise<Database> {
  const env = engine.env()
  const db = await openDatabase(
    {
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR ?? ':memory:',
      timeoutMs: 20_000,
      poolSize: 4,
      pgliteTemplate: process.env.PGLITE_TEMPLATE,
    },
    () => undefined,
  )
  engine.track({ dispose: () => db.close() })
  return db
}
