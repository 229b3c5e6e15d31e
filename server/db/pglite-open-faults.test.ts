/**
 * Real faults on a real embedded database, each refused at opening with one line naming the folder, the cause and
 * what to do, and the files left as they were. One database is created for the file; each fault damages a copy.
 * The full disk and the read-only folder are tmpfs mounts (as root); where mounting is not permitted they are
 * skipped, with the reason in their title. Every process started here is stopped by its PID.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { startNodeServer } from '../entry-node.ts'
import { inspectFolder, POSTGRES_MAJOR } from './pglite-folder-check.ts'
import { startTimeOf } from './pglite-folder-lock.ts'
import { HELPER_DATA_DIR, openPglite } from './pglite-engine.ts'

const root = mkdtempSync(join(tmpdir(), 'poix-open-faults-'))
const created = join(root, 'created')
const mounts: string[] = []

/** Runs mount(8); undefined when it worked, else why not. */
function mount(args: string[]): string | undefined {
  const r = spawnSync('mount', args, { encoding: 'utf8' })
  return r.status === 0 ? undefined : (r.stderr || r.error?.message || `mount exited ${r.status}`).trim()
}

function tmpfs(name: string, options: string): string {
  const dir = join(root, name)
  mkdirSync(dir)
  const failed = mount(['-t', 'tmpfs', '-o', options, 'tmpfs', dir])
  if (failed) throw new Error(failed)
  mounts.push(dir)
  return dir
}

/** Whether this machine lets the test mount a tmpfs (root, with the capability); the reason when not. */
const cannotMount = (() => {
  try {
    tmpfs('probe', 'size=64k')
    return undefined
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
})()
const mountTitle = (title: string) =>
  cannotMount ? `${title} (skipped: cannot mount a tmpfs here: ${cannotMount})` : title

beforeAll(async () => {
  const db = await openPglite({ dataDir: created, timeoutMs: 60_000 })
  await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (1), (2)')
  await db.close()
}, 120_000)

afterAll(() => {
  // A mount still busy is detached lazily, so the folder can go.
  for (const dir of mounts.reverse())
    if (spawnSync('umount', [dir]).status !== 0) spawnSync('umount', ['-l', dir])
  rmSync(root, { recursive: true, force: true })
})

/** A DATA_DIR holding a copy of the created database (pglite/ alone). */
function copyOfDatabase(name: string, under = root): string {
  const dataDir = join(under, name)
  cpSync(join(created, 'pglite'), join(dataDir, 'pglite'), { recursive: true })
  return dataDir
}

/** What every start of Postgres writes or removes, failed or not: its lock file and the relation cache's files. */
const POSTGRES_START_FILES = /(^|\/)(postmaster\.pid|pg_internal\.init)$/

/** Every file under dir with a hash of its bytes: what "left as it was" is checked against. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && !POSTGRES_START_FILES.test(entry.name)) {
      const path = join(entry.parentPath, entry.name)
      files[relative(dir, path)] = createHash('sha1').update(readFileSync(path)).digest('hex')
    }
  return files
}

const walSegment = (dataDir: string) =>
  join(
    dataDir,
    'pglite',
    'pg_wal',
    readdirSync(join(dataDir, 'pglite', 'pg_wal')).find((n) => /^[0-9A-F]{24}$/.test(n))!,
  )

/** Opening dataDir is refused with a message matching `message`, and nothing in it changes. */
async function refused(dataDir: string, message: RegExp): Promise<string> {
  const before = snapshot(dataDir)
  const error = await openPglite({ dataDir, timeoutMs: 60_000 }).then(
    () => expect.unreachable('the damaged database was opened'),
    (e: unknown) => e as Error,
  )
  expect(error.message).toMatch(message)
  expect(error.message).not.toMatch(/Aborted|ASSERTIONS|\[object Object\]|\n/)
  expect(snapshot(dataDir)).toEqual(before)
  expect(readdirSync(dataDir)).toEqual(['pglite']) // no PID file left, nothing created beside it
  return error.message
}

it('a database is created whole: its folder, the helper spare, no temporary folder; a copy of it opens', async () => {
  expect(readdirSync(created).sort()).toEqual(['pglite', HELPER_DATA_DIR])
  expect(readdirSync(join(created, HELPER_DATA_DIR))).toEqual(['pglite'])
  expect(inspectFolder(join(created, 'pglite'))).toEqual({ kind: 'complete' })
  expect(inspectFolder(join(created, HELPER_DATA_DIR, 'pglite'))).toEqual({ kind: 'complete' })
  expect(readFileSync(join(created, 'pglite', 'PG_VERSION'), 'utf8').trim()).toBe(POSTGRES_MAJOR)
  const db = await openPglite({ dataDir: copyOfDatabase('copy'), timeoutMs: 60_000 })
  try {
    expect(await db.query('SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }])
  } finally {
    await db.close()
  }
})

it('a folder without PG_VERSION is refused, not initialised over: its files stay as they were', async () => {
  const dataDir = copyOfDatabase('no-pg-version')
  rmSync(join(dataDir, 'pglite', 'PG_VERSION'))
  const message = await refused(dataDir, /PG_VERSION is missing/)
  expect(message).toBe(
    `The embedded database in ${dataDir}/pglite/ (DATA_DIR) is not a complete database: PG_VERSION is missing. It was left as it is: restore a backup (npm run restore -- <file>; backups are kept in ${dataDir}/backups/) or move ${dataDir}/pglite/ aside to start with an empty database.`,
  )
})

it('a garbled pg_control is refused, naming it', async () => {
  const dataDir = copyOfDatabase('garbled-control')
  writeFileSync(join(dataDir, 'pglite', 'global', 'pg_control'), randomBytes(8192))
  await refused(
    dataDir,
    /is not a complete database: global\/pg_control is garbled \(its checksum does not match\)\. .*npm run restore/,
  )
})

it('a garbled WAL segment is refused, naming it', async () => {
  const dataDir = copyOfDatabase('garbled-wal')
  const segment = walSegment(dataDir)
  writeFileSync(segment, randomBytes(statSync(segment).size))
  await refused(
    dataDir,
    /is not a complete database: WAL segment pg_wal\/[0-9A-F]{24} is garbled \(its header is not this database's\)/,
  )
})

it("damage past what the folder check reads is refused with Postgres's own reason, not PGlite's abort", async () => {
  const dataDir = copyOfDatabase('garbled-wal-records')
  const segment = walSegment(dataDir)
  const bytes = readFileSync(segment)
  randomBytes(bytes.length - 40).copy(bytes, 40) // the segment's header stays; its records do not
  writeFileSync(segment, bytes)
  await refused(
    dataDir,
    /\(DATA_DIR\) could not be opened: Postgres says "[^"]*checkpoint record[^"]*"\. It was left as it is: restore a backup/,
  )
  const missing = copyOfDatabase('missing-xact')
  rmSync(join(missing, 'pglite', 'pg_xact', '0000'))
  await refused(
    missing,
    /could not be opened: Postgres says "could not access status of transaction \d+ \(Could not open file "pg_xact\/0000"/,
  )
})

it('a database made by another Postgres version is refused, naming both', async () => {
  const dataDir = copyOfDatabase('other-version')
  writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17\n')
  await refused(
    dataDir,
    new RegExp(
      `was made by Postgres 17, and this dashboard's PGlite runs Postgres ${POSTGRES_MAJOR}: open it with the dashboard version that made it, or restore a backup`,
    ),
  )
})

it('a PID file naming a living process that is not the dashboard that wrote it is not taken for one', async () => {
  const dataDir = copyOfDatabase('pid-file')
  const pidFile = join(dataDir, 'pglite.pid')
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
  try {
    const pid = other.pid!
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('node') // what the old check took for a dashboard
    // The dashboard that wrote it started at another moment: the PID was given to this process since.
    writeFileSync(pidFile, `${pid} 1`)
    const db = await openPglite({ dataDir, timeoutMs: 60_000 })
    expect(readFileSync(pidFile, 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`)
    await db.close()
    // The same process, with its own start time: it holds the folder.
    writeFileSync(pidFile, `${pid} ${startTimeOf(pid)}`)
    await expect(openPglite({ dataDir, timeoutMs: 60_000 })).rejects.toThrow(
      `The embedded database in ${dataDir}/ (DATA_DIR) is in use by another process (PID ${pid}): stop it, or set DATABASE_URL so several instances share a Postgres server; if PID ${pid} is not a dashboard, delete ${pidFile}.`,
    )
    // An older dashboard's file (no start time) naming a living process: trusted, failing closed.
    writeFileSync(pidFile, String(pid))
    await expect(openPglite({ dataDir, timeoutMs: 60_000 })).rejects.toThrow(/in use by another process/)
  } finally {
    process.kill(other.pid!, 'SIGKILL')
  }
  writeFileSync(pidFile, '999999999 5') // a process that died (kill -9) does not hold it
  const db = await openPglite({ dataDir, timeoutMs: 60_000 })
  await db.close()
}, 60_000)

it.skipIf(cannotMount)(
  mountTitle('a full disk at creation says so, and leaves no half-made database behind'),
  async () => {
    const dataDir = join(tmpfs('full', 'size=2m'), 'data')
    await expect(openPglite({ dataDir, timeoutMs: 60_000 })).rejects.toThrow(
      `The embedded database in ${dataDir}/ (DATA_DIR) could not be written: the disk is full (ENOSPC). Free space on that disk, or set DATA_DIR to a folder on another one, and start again.`,
    )
    expect(readdirSync(dataDir)).toEqual([]) // no pglite/, no pglite.creating/, no pglite-helper/, no PID file
  },
  60_000,
)

it.skipIf(cannotMount)(
  mountTitle('a read-only folder is refused at start, saying to set DATA_DIR or DATABASE_URL'),
  async () => {
    const readOnly = tmpfs('read-only', 'size=64m')
    const dataDir = copyOfDatabase('data', readOnly)
    const before = snapshot(dataDir)
    const failed = mount(['-o', 'remount,ro', readOnly])
    if (failed) throw new Error(failed)
    const says = (dir: string) =>
      `DATA_DIR ${dir}/ is on a read-only file system (EROFS), so the embedded database cannot be kept there: set DATA_DIR to a writable folder, or DATABASE_URL to a Postgres server.`
    await expect(openPglite({ dataDir, timeoutMs: 60_000 })).rejects.toThrow(says(dataDir))
    expect(snapshot(dataDir)).toEqual(before)
    // `npm start` in a read-only working folder: DATA_DIR (.data) cannot even be made; said at start.
    const dist = join(root, 'dist')
    mkdirSync(dist)
    writeFileSync(join(dist, 'index.html'), '<!doctype html>')
    const fresh = join(readOnly, '.data')
    await expect(
      startNodeServer(
        loadConfig({ DATA_DIR: fresh, DIST_DIR: dist, COLLECT_VECTOR_WORKER: 'off', PORT: '0' }),
      ),
    ).rejects.toThrow(says(fresh))
  },
  60_000,
)
