/**
 * Backups of the embedded database: PGlite's own archive of its data folder (Database.snapshot), gzipped into
 * DATA_DIR/backups/ under a sortable timestamped name, the last `keep` kept. The server writes one at start and
 * daily; `npm run backup` writes one now (scripts/backup.ts). docs/backups.md.
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { createGzip } from 'node:zlib'
import type { Database } from './database.ts'
import { MEMORY, openPglite } from './pglite-engine.ts'
import { folderHolder } from './pglite-folder-lock.ts'

export const BACKUPS_DIR = 'backups'

const DAY_MS = 24 * 60 * 60 * 1000

/** pglite-2026-11-28T05-59-00Z.tar.gz: UTC to the second, so names sort as times do. */
const BACKUP_NAME = /^pglite-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/

/** Where a backup is written before its rename: no name a reader would take for a backup. */
const PARTIAL = /^\.pglite-.*\.partial$/

/** On a Postgres server, the server's own tools back up and restore. */
export const POSTGRES_BACKUP_HINT =
  'DATABASE_URL is set: the database is a Postgres server, which this command does not touch. Back it up with `pg_dump -Fc` and restore it with `pg_restore --clean` (docs/backups.md).'

/** 2026-11-28T05-59-00Z: a UTC time to the second that is also a file name. */
export const fileTimestamp = (at: number) =>
  new Date(at)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')

const backupName = (at: number) => `pglite-${fileTimestamp(at)}.tar.gz`

/** The backups under DATA_DIR/backups/, oldest first (full paths). */
export function listBackups(dataDir: string): string[] {
  const dir = join(dataDir, BACKUPS_DIR)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names
    .filter((n) => BACKUP_NAME.test(n))
    .sort()
    .map((n) => join(dir, n))
}

export type Backup = { file: string; bytes: number; ms: number }

export type BackupOptions = {
  db: Database
  dataDir: string
  /** How many backups to keep, this one included; undefined keeps every one. */
  keep: number | undefined
  now?: () => number
}

/** Writes one backup (temporary name, then renamed), then removes the oldest past `keep`. */
export async function writeBackup({ db, dataDir, keep, now = Date.now }: BackupOptions): Promise<Backup> {
  if (!db.snapshot) throw new Error('only the embedded database (PGlite) is backed up by the dashboard')
  const started = Date.now()
  const dir = join(dataDir, BACKUPS_DIR)
  mkdirSync(dir, { recursive: true })
  const name = backupName(now())
  const partial = join(dir, `.${name}.partial`)
  const file = join(dir, name)
  try {
    const archive = await db.snapshot()
    // flush: the bytes are on disk before the rename makes the file a backup.
    await pipeline(
      Readable.fromWeb(archive.stream() as WebReadableStream<Uint8Array>),
      createGzip(),
      createWriteStream(partial, { flush: true }),
    )
    renameSync(partial, file)
  } catch (e) {
    rmSync(partial, { force: true })
    throw e
  }
  prune(dir, keep, name)
  return { file, bytes: statSync(file).size, ms: Date.now() - started }
}

/** The oldest backups past `keep`, and what an interrupted write left (one process holds DATA_DIR). */
function prune(dir: string, keep: number | undefined, written: string): void {
  const names = readdirSync(dir)
  const backups = names.filter((n) => BACKUP_NAME.test(n)).sort()
  const old = keep === undefined ? [] : backups.slice(0, Math.max(0, backups.length - keep))
  for (const n of [...old, ...names.filter((n) => PARTIAL.test(n))])
    if (n !== written) rmSync(join(dir, n), { force: true })
}

/** `npm run backup`: one backup now, of a database no server holds; BACKUP_KEEP=0 removes none. */
export async function backupNow({
  dataDir,
  keep,
  timeoutMs,
}: {
  dataDir: string
  keep: number
  timeoutMs: number
}): Promise<Backup> {
  if (dataDir === MEMORY) throw new Error('DATA_DIR is :memory:: there is no database on disk to back up.')
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${join(dataDir, 'pglite')}/ to back up (DATA_DIR).`)
  const holder = folderHolder(dataDir)
  if (holder)
    throw new Error(
      `The dashboard (PID ${holder}) has the database in ${dataDir}/ open; it writes a backup to ${join(dataDir, BACKUPS_DIR)}/ at start and daily. To take one now, stop it first.`,
    )
  const db = await openPglite({ dataDir, timeoutMs })
  try {
    return await writeBackup({ db, dataDir, keep: keep || undefined })
  } finally {
    await db.close()
  }
}

export const describeBackup = (b: Backup) =>
  `${b.file} (${(b.bytes / 1024 / 1024).toFixed(1)} MB in ${(b.ms / 1000).toFixed(1)} s)`

export type BackupSchedule = {
  /** The backup written at start, or undefined when it failed (the failure is logged). */
  first: Promise<Backup | undefined>
  /** Stops the timer and waits for a backup being written. */
  stop(): Promise<void>
}

/** A backup now and every `everyMs` (a day) on an unref'd timer; a failure is logged, never thrown. */
export function scheduleBackups(
  options: BackupOptions & {
    keep: number
    log: (line: string) => void
    everyMs?: number
    /** False while the money tables are damaged: a copy of damaged data would push a good backup out. */
    healthy?: () => boolean
  },
): BackupSchedule {
  const { dataDir, keep, log, everyMs = DAY_MS, healthy = () => true } = options
  let writing: Promise<Backup | undefined> | undefined
  const skipped = async (): Promise<undefined> => {
    log(
      `[backup] none written: the money tables are damaged; the backups in ${join(dataDir, BACKUPS_DIR)}/ are kept.`,
    )
    return undefined
  }
  // A tick while a backup is being written adds none: the next tick will.
  const once = () =>
    (writing ??= (healthy() ? writeBackup(options) : skipped())
      .then(
        (b) => {
          if (b) log(`[backup] wrote ${describeBackup(b)}; the last ${keep} are kept (BACKUP_KEEP).`)
          return b
        },
        (e: unknown) => {
          const cause = e instanceof Error ? e.message : String(e)
          log(
            `[backup] no backup written to ${join(dataDir, BACKUPS_DIR)}/: ${cause}. The server goes on; earlier backups are kept.`,
          )
          return undefined
        },
      )
      .finally(() => (writing = undefined)))
  const first = once()
  const timer = setInterval(() => void once(), everyMs)
  timer.unref()
  return {
    first,
    stop: async () => {
      clearInterval(timer)
      await writing
    },
  }
}
