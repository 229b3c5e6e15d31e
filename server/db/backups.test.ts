/**
 * Backups of the embedded database (docs/backups.md): written by the server at start and daily under
 * DATA_DIR/backups/, the last BACKUP_KEEP kept, each one whole transactions, a failure logged and survived.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, afterEach, expect, it, vi } from 'vitest'
import { loadConfig } from '../config.ts'
import { createRuntime } from '../runtime.ts'
import { dataDirWithDatabase, removeTempFolders, tempFolder } from '../testing/pglite-folders.ts'
import { readBackupArchive } from './backup-archive.ts'
import { BACKUPS_DIR, listBackups, scheduleBackups, writeBackup } from './backups.ts'
import type { Database } from './database.ts'
import { MIGRATIONS } from './migrations/index.ts'
import { MEMORY, openPglite } from './pglite-engine.ts'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})
afterAll(removeTempFolders)

async function memoryDatabase(): Promise<Database> {
  const db = await openPglite({ dataDir: MEMORY, timeoutMs: 30_000, template: process.env.PGLITE_TEMPLATE })
  cleanups.push(() => db.close())
  return db
}

/** The rows of a table in a backup, read from the archive alone. */
async function rowsInBackup(file: string, sql: string): Promise<unknown[]> {
  const pg = new PGlite({ loadDataDir: readBackupArchive(file) })
  try {
    return (await pg.query(sql)).rows
  } finally {
    await pg.close()
  }
}

const AT = Date.parse('2026-11-28T05:59:00Z')
/** Opening and dumping databases takes seconds, more on a busy machine. */
const SLOW = { timeout: 120_000 }

it(
  'writes a backup at start under DATA_DIR/backups/, once the database is open, keeping the last BACKUP_KEEP',
  SLOW,
  async () => {
    const dataDir = await dataDirWithDatabase('at-start')
    const backups = join(dataDir, BACKUPS_DIR)
    const older = ['pglite-2026-11-25T05-59-00Z.tar.gz', 'pglite-2026-11-26T05-59-00Z.tar.gz']
    // Not backups: another file, and a write interrupted by a crash.
    const others = ['notes.txt', '.pglite-2026-11-27T05-59-00Z.tar.gz.partial']
    mkdirSync(backups)
    for (const name of [...older, ...others]) writeFileSync(join(backups, name), 'an older file')
    const lines: string[] = []
    const runtime = createRuntime({
      config: loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '2', COLLECT_VECTOR_WORKER: 'off' }),
      log: (l) => lines.push(l),
      now: () => AT,
    })
    cleanups.push(() => runtime.dispose())
    await runtime.ready
    await vi.waitFor(() => expect(lines.join('\n')).toContain('[backup] wrote'), { timeout: 60_000 })
    expect(listBackups(dataDir).map((f) => basename(f))).toEqual([
      'pglite-2026-11-26T05-59-00Z.tar.gz',
      'pglite-2026-11-28T05-59-00Z.tar.gz',
    ])
    expect(readdirSync(backups).sort()).toEqual([
      'notes.txt',
      'pglite-2026-11-26T05-59-00Z.tar.gz',
      'pglite-2026-11-28T05-59-00Z.tar.gz',
    ])
    // The database as the server migrated it, in the archive.
    const [newest] = listBackups(dataDir).slice(-1)
    expect(await rowsInBackup(newest!, 'SELECT count(*)::int AS n FROM schema_migrations')).toEqual([
      { n: MIGRATIONS.length },
    ])
    await runtime.dispose()

    // BACKUP_KEEP=0: a day later, a server that starts and stops writes none (stopping waits for one being written).
    const off = createRuntime({
      config: loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '0', COLLECT_VECTOR_WORKER: 'off' }),
      log: (l) => lines.push(l),
      now: () => AT + 24 * 60 * 60 * 1000,
    })
    await off.ready
    await off.dispose()
    expect(readdirSync(backups)).toHaveLength(3)
  },
)

it('writes another backup on the daily timer, under the time it is written', SLOW, async () => {
  const db = await memoryDatabase()
  const dataDir = tempFolder('daily')
  let now = AT
  const lines: string[] = []
  const schedule = scheduleBackups({
    db,
    dataDir,
    keep: 7,
    log: (l) => lines.push(l),
    now: () => now,
    everyMs: 200,
  })
  cleanups.push(() => schedule.stop())
  expect(await schedule.first).toMatchObject({
    file: join(dataDir, BACKUPS_DIR, 'pglite-2026-11-28T05-59-00Z.tar.gz'),
  })
  now += 24 * 60 * 60 * 1000
  await vi.waitFor(() => expect(listBackups(dataDir)).toHaveLength(2), { timeout: 60_000 })
  expect(listBackups(dataDir).map((f) => basename(f))).toEqual([
    'pglite-2026-11-28T05-59-00Z.tar.gz',
    'pglite-2026-11-29T05-59-00Z.tar.gz',
  ])
  await schedule.stop()
  const written = listBackups(dataDir).length
  await new Promise((r) => setTimeout(r, 500))
  expect(listBackups(dataDir)).toHaveLength(written)
})

it('holds whole transactions: a backup asked for while one is open waits for its commit', SLOW, async () => {
  const dataDir = await dataDirWithDatabase('consistent')
  const db = await openPglite({ dataDir, timeoutMs: 30_000 })
  cleanups.push(() => db.close())
  await db.exec('CREATE TABLE pairs (n int)')
  let entered!: () => void
  let release!: () => void
  const inside = new Promise<void>((r) => (entered = r))
  const released = new Promise<void>((r) => (release = r))
  const transaction = db.transaction(async (tx) => {
    await tx.query('INSERT INTO pairs VALUES (1)')
    entered()
    await released
    await tx.query('INSERT INTO pairs VALUES (2)')
  })
  await inside
  const backup = writeBackup({ db, dataDir, keep: 7, now: () => AT })
  await new Promise((r) => setTimeout(r, 100))
  release()
  await transaction
  const { file } = await backup
  expect(await rowsInBackup(file, 'SELECT n FROM pairs ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }])
})

it('logs a failed backup with its cause and goes on; the next one is written', SLOW, async () => {
  const db = await memoryDatabase()
  const dataDir = tempFolder('failing')
  writeFileSync(join(dataDir, BACKUPS_DIR), 'a file where the folder should be')
  const lines: string[] = []
  let now = AT
  const schedule = scheduleBackups({
    db,
    dataDir,
    keep: 7,
    log: (l) => lines.push(l),
    now: () => now,
    everyMs: 200,
  })
  cleanups.push(() => schedule.stop())
  expect(await schedule.first).toBeUndefined()
  expect(lines).toEqual([
    expect.stringMatching(
      /^\[backup\] no backup written to .*backups\/: EEXIST.*The server goes on; earlier backups are kept\.$/,
    ),
  ])
  // The cause removed, the timer's next backup is written, and the engine still answers.
  rmSync(join(dataDir, BACKUPS_DIR))
  now += 60_000
  await vi.waitFor(() => expect(listBackups(dataDir)).toHaveLength(1), { timeout: 60_000 })
  expect(await db.query('SELECT 1 AS n')).toEqual([{ n: 1 }])
})
