/** Brings the schema up to date at start. Instances starting together take turns on an advisory lock, so each version is applied once. */
import type { Database } from './database.ts'
import { MIGRATIONS, type Migration } from './migrations/index.ts'

/** Arbitrary but fixed: the lock every instance of this dashboard takes while migrating. */
const MIGRATION_LOCK = 7_412_003

export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      // Under the lock: two instances creating it at once collide on Postgres's catalog (pg_type_typname_nsp_index), IF NOT EXISTS or not.
      await tx.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      )
      const done = new Set(
        (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) =>
          Number(r.version),
        ),
      )
      const newest = Math.max(0, ...done)
      const known = Math.max(0, ...migrations.map((m) => m.version))
      if (newest > known)
        throw new Error(
          `The database's schema is version ${newest}, newer than this dashboard knows (${known}): update the dashboard.`,
        )
      const applied: number[] = []
      for (const m of migrations) {
        if (done.has(m.version)) continue
        for (const statement of splitStatements(m.sql)) await tx.query(statement)
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name])
        applied.push(m.version)
      }
      return applied
      // A migration may rewrite every row of a large corpus (0014 reads every cue): it is not cut off at the statement limit.
    },
    { unbounded: true },
  )
}

/** Statements separated by `;` at line ends, outside $$-quoted function bodies (no other quoted semicolons); comments dropped. */
function splitStatements(sql: string): string[] {
  const statements = ['']
  sql.split('$$').forEach((part, i) => {
    if (i % 2) {
      statements[statements.length - 1] += `$$${part}$$`
      return
    }
    const [first = '', ...rest] = part.split(/;\s*$/m)
    statements[statements.length - 1] += first
    statements.push(...rest)
  })
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean)
}
