/**
 * `npm run restore -- <file>` (scripts/restore.ts): checks a backup in memory, moves DATA_DIR/pglite/ aside (never
 * deleted), writes the backup's database in its place and reads it back. docs/backups.md.
 */
import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { formatUsd } from '#contract/index.ts'
import { fileTimestamp } from './backups.ts'
import { readBackupArchive } from './backup-archive.ts'
import { num } from './database.ts'
import { MIGRATIONS } from './migrations/index.ts'
import { MEMORY } from './pglite-engine.ts'
import { claimFolder, folderHolder } from './pglite-folder-lock.ts'

type Summary = {
  ledgerRows: number
  /** The budget table: what each data source has spent, in micro-dollars. */
  spent: { source: string; micro: number }[]
  schemaVersion: number
}

export type Restored = Summary & { file: string; folder: string; replaced: string | undefined }

export async function restoreBackup({
  dataDir,
  file,
  now = Date.now,
}: {
  dataDir: string
  file: string
  now?: () => number
}): Promise<Restored> {
  if (dataDir === MEMORY) throw new Error('DATA_DIR is :memory:: there is no folder to restore into.')
  const tar = readBackupArchive(file)
  const holder = folderHolder(dataDir)
  if (holder)
    throw new Error(
      `The dashboard (PID ${holder}) has the database in ${dataDir}/ open: stop it first, then run the restore again.`,
    )
  const release = claimFolder(dataDir)
  try {
    const summary = await summaryOf(() => new PGlite({ loadDataDir: tar }), file)
    const known = Math.max(...MIGRATIONS.map((m) => m.version))
    if (summary.schemaVersion > known)
      throw new Error(
        `${file} holds a database of schema version ${summary.schemaVersion}, newer than this dashboard knows (${known}): update the dashboard, then restore it.`,
      )
    const folder = join(dataDir, 'pglite')
    const replaced = existsSync(folder) ? moveAside(folder, now) : undefined
    try {
      // A PGlite opened on the empty folder with the archive writes it out; reopening it reads the files alone.
      const writing = new PGlite(folder, { loadDataDir: tar })
      await writing.waitReady
      await writing.close()
      const written = await summaryOf(() => new PGlite(folder), file)
      if (!isDeepStrictEqual(written, summary))
        throw new Error('the database read back differs from the backup')
    } catch (e) {
      rmSync(folder, { recursive: true, force: true })
      if (replaced) renameSync(replaced, folder)
      throw new Error(
        `The backup could not be written to ${folder}/ (${e instanceof Error ? e.message : String(e)}); ${replaced ? 'the database that was there is back in place' : 'nothing was there before'}.`,
        { cause: e },
      )
    }
    return { ...summary, file, folder, replaced }
  } finally {
    release()
  }
}

/** pglite/ → pglite.replaced-<time>/, a name not yet taken. */
function moveAside(folder: string, now: () => number): string {
  const base = `${folder}.replaced-${fileTimestamp(now())}`
  let to = base
  for (let n = 2; existsSync(to); n++) to = `${base}-${n}`
  renameSync(folder, to)
  return to
}

/** The dashboard's ledger and budget in a database; an Error saying why when it is not the dashboard's. */
async function summaryOf(open: () => PGlite, file: string): Promise<Summary> {
  let pg: PGlite | undefined
  try {
    pg = open()
    await pg.waitReady
  } catch (e) {
    await pg?.close().catch(() => undefined)
    throw new Error(
      `${file} is not a backup of the dashboard's database: PGlite could not open it (${e instanceof Error ? e.message : String(e)}).`,
      { cause: e },
    )
  }
  try {
    const [tables] = (
      await pg.query<{ found: boolean }>(
        "SELECT to_regclass('public.ledger') IS NOT NULL AND to_regclass('public.budget') IS NOT NULL AND to_regclass('public.schema_migrations') IS NOT NULL AS found",
      )
    ).rows
    if (!tables?.found)
      throw new Error(
        `${file} is not a backup of the dashboard's database: it has no ledger or budget table.`,
      )
    const [counts] = (
      await pg.query<{ rows: unknown; version: unknown }>(
        'SELECT (SELECT count(*) FROM ledger) AS rows, (SELECT max(version) FROM schema_migrations) AS version',
      )
    ).rows
    const spent = (
      await pg.query<{ source: string; micro: unknown }>(
        'SELECT source, spent_micro AS micro FROM budget ORDER BY source',
      )
    ).rows.map((r) => ({ source: r.source, micro: num(r.micro) }))
    return { ledgerRows: num(counts?.rows), spent, schemaVersion: num(counts?.version) }
  } finally {
    await pg.close()
  }
}

/** What the restore printed: the file, the ledger's rows, the spend, where the replaced database went. */
export function describeRestored(r: Restored): string {
  const spent = r.spent.length
    ? r.spent.map((s) => `${formatUsd(s.micro / 1_000_000)} (${s.source})`).join(', ')
    : 'nothing'
  return [
    `Restored ${r.file} into ${r.folder}/: ${r.ledgerRows} ledger rows, spent ${spent}, schema version ${r.schemaVersion}.`,
    r.replaced
      ? `The database that was there is kept in ${r.replaced}/: delete it once the dashboard runs as it should.`
      : `There was no database in ${r.folder}/ before.`,
    'Start the dashboard again: npm start.',
  ].join('\n')
}
