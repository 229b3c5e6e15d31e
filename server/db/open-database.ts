/** Opens the configured engine and brings its schema up to date: a Postgres server when DATABASE_URL is set, else PGlite under DATA_DIR. */
import type { Database } from './database.ts'
import { migrate } from './migrate.ts'
import { openPglite } from './pglite-engine.ts'
import { openPostgres } from './postgres-engine.ts'
import { serverOf } from './postgres-open-failure.ts'

export type DatabaseSettings = {
  databaseUrl: string | undefined
  dataDir: string
  timeoutMs: number
  poolSize: number
  pgliteTemplate: string | undefined
}

export async function openDatabase(
  s: DatabaseSettings,
  log: (line: string) => void = (l) => console.error(l),
): Promise<Database> {
  const db = s.databaseUrl
    ? await openPostgres({ url: s.databaseUrl, timeoutMs: s.timeoutMs, poolSize: s.poolSize, log })
    : await openPglite({ dataDir: s.dataDir, timeoutMs: s.timeoutMs, template: s.pgliteTemplate })
  try {
    await migrate(db)
  } catch (e) {
    await db.close().catch(() => undefined)
    throw e
  }
  return db
}

/** Where the data lives, for the start-up line and /api/health: never the URL's password. */
export function describeDatabase(s: Pick<DatabaseSettings, 'databaseUrl' | 'dataDir'>): string {
  if (!s.databaseUrl)
    return s.dataDir === ':memory:'
      ? 'embedded Postgres (PGlite) in memory, lost on exit'
      : `embedded Postgres (PGlite) under ${s.dataDir}/`
  const server = serverOf(s.databaseUrl)
  return server ? `Postgres server at ${server}` : 'Postgres server (DATABASE_URL)'
}
