/**
 * Vitest global setup: creating an embedded database takes seconds and hundreds of MB, loading a dump of one a
 * fraction of that. One migrated database is created per test run and dumped; every ':memory:' database the
 * tests open starts from that dump (PGLITE_TEMPLATE, read by config.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { migrate } from '../db/migrate.ts'
import type { Database } from '../db/database.ts'

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'poix-pglite-template-'))
  const pg = new PGlite()
  await pg.waitReady
  const db: Database = {
    kind: 'pglite',
    query: async (sql, params) => (await pg.query(sql, params as unknown[])).rows as never,
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({ query: async (sql, params) => (await tx.query(sql, params as unknown[])).rows as never }),
      ),
    exec: async (sql) => void (await pg.exec(sql)),
    sizeBytes: async () => 0,
    close: () => pg.close(),
  }
  await migrate(db)
  const dump = await pg.dumpDataDir('none')
  await pg.close()
  const file = join(dir, 'template.tar')
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()))
  process.env.PGLITE_TEMPLATE = file
  return () => rmSync(dir, { recursive: true, force: true })
}
