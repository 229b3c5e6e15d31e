/**
 * A real, throw-away Postgres server for tests, and `describeOnEngines`, which runs a suite on PGlite and on it.
 *
 * The cluster: Debian's `postgresql` binaries (`initdb`, `pg_ctl`, `postgres`), a fresh data folder under the
 * system temporary folder, a free loopback port, no durability (fsync off: tests only). Postgres refuses to run
 * as root, so as root every command runs as the `postgres` user (`runuser`) on a folder it owns.
 * It is stopped by `stop()`, else by a process 'exit' hook, else (the test process was killed) by a small
 * watchdog shell that notices the test process is gone.
 * Missing binaries: `describeOnEngines` skips the Postgres variant with a clear title, except in CI (CI=true),
 * where it fails.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest'

export type PostgresCluster = {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication: no password). */
  url: string
  port: number
  /** PID of the postmaster. */
  pid: number
  /** The temporary folder holding the data folder (`data/`), the server log (`log`) and the Unix socket. */
  dir: string
  /** Creates a new, empty database with a unique name (or `name`) and returns its URL. */
  createDatabase(name?: string): Promise<string>
  /** Drops a database, closing its connections first (`WITH (FORCE)`). */
  dropDatabase(name: string): Promise<void>
  /** Stops the server (`pg_ctl stop -m fast`, else SIGKILL) and removes the folder. Idempotent. */
  stop(): Promise<void>
  /** Failure tests: SIGKILL the postmaster (a crash). `stop()` still cleans up afterwards. */
  kill9(): void
  /** Failure tests: SIGSTOP the postmaster and its children (a stalled server: connections and queries hang). */
  pause(): void
  /** Undoes `pause()`. */
  resume(): void
}

const IN_CI = process.env.CI === 'true' || process.env.CI === '1'
const IS_ROOT = process.getuid?.() === 0
const BINARIES = ['initdb', 'pg_ctl', 'postgres']
const INSTALL_HINT = 'install postgresql (apt-get install postgresql) or set POSTGRES_BIN_DIR'

const hasBinaries = (dir: string): boolean => BINARIES.every((b) => existsSync(join(dir, b)))

function compareVersionsDescending(a: string, b: string): number {
  const pa = a.split('.').map(Number)
  const pb = b.split('.').map(Number)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pb[i] ?? 0) - (pa[i] ?? 0)
    if (d) return d
  }
  return 0
}

/**
 * The folder holding `initdb`, `pg_ctl` and `postgres`: POSTGRES_BIN_DIR when set (and nothing else then),
 * else the newest `/usr/lib/postgresql/<version>/bin` (Debian), else the first folder on PATH that has them.
 */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.POSTGRES_BIN_DIR
  if (fromEnv) return hasBinaries(fromEnv) ? fromEnv : undefined
  let versions: string[] = []
  try {
    versions = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+(\.\d+)*$/.test(v))
  } catch {
    // not Debian's layout
  }
  for (const version of versions.sort(compareVersionsDescending)) {
    const dir = join('/usr/lib/postgresql', version, 'bin')
    if (hasBinaries(dir)) return dir
  }
  return (process.env.PATH ?? '').split(delimiter).find((dir) => dir && hasBinaries(dir))
}

function missingBinariesReason(): string {
  const fromEnv = process.env.POSTGRES_BIN_DIR
  return fromEnv
    ? `POSTGRES_BIN_DIR=${fromEnv} does not hold ${BINARIES.join(', ')}: ${INSTALL_HINT}`
    : `no Postgres server binaries (${BINARIES.join(', ')}) found: ${INSTALL_HINT}`
}

/** As root, runs a command as the `postgres` user (Postgres refuses root); otherwise as the current user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return IS_ROOT ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

type RunResult = { code: number | null; output: string }

function run([command, args]: [string, string[]], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs} ms)`
      child.kill('SIGKILL')
    }, timeoutMs)
    child.once('error', (e) => {
      clearTimeout(timer)
      resolve({ code: null, output: `${output}\n${e.message}` })
    })
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

const tail = (text: string, chars = 1500): string => text.trim().slice(-chars)

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'log'), 'utf8')
  } catch {
    return ''
  }
}

/** Alive = exists and is not a zombie (a dead process its parent has not reaped yet; here that is PID 1, lazily). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state !== 'Z' && state !== 'X'
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && existsSync('/proc/self/stat')) return false
  }
  try {
    process.kill(pid, 0) // no /proc: ask the kernel
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Every descendant of `pid` (backends, background workers), from /proc, else from `pgrep -P`. */
function descendants(pid: number): number[] {
  const childrenOf = new Map<number, number[]>()
  if (existsSync('/proc/self/stat')) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        childrenOf.set(ppid, [...(childrenOf.get(ppid) ?? []), Number(entry)])
      } catch {
        // exited meanwhile
      }
    }
  }
  const out: number[] = []
  const queue = [pid]
  while (queue.length) {
    const parent = queue.shift()!
    const kids = existsSync('/proc/self/stat')
      ? (childrenOf.get(parent) ?? [])
      : (spawnSync('pgrep', ['-P', String(parent)], { encoding: 'utf8' }).stdout ?? '')
          .split('\n')
          .filter(Boolean)
          .map(Number)
    out.push(...kids)
    queue.push(...kids)
  }
  return out
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig)
  } catch {
    // already gone
  }
}

async function waitUntilGone(pids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (pids.some(isAlive)) {
    if (Date.now() > deadline) return false
    await new Promise((r) => setTimeout(r, 20))
  }
  return true
}

function connect(url: string): pg.Client {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined) // a dropped idle connection must not crash the test process
  return client
}

/** Clusters not stopped yet: the process 'exit' hook stops them. */
const live = new Set<{ stopSync(): void }>()
let exitHookInstalled = false
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const cluster of live) cluster.stopSync()
  })
}

/**
 * A detached shell that waits for end-of-file on its stdin, which happens when this process dies in any way
 * (including SIGKILL, when no 'exit' hook runs); then it stops the cluster and removes its folder.
 * Detached (own session), so a Ctrl-C on the test run's terminal does not kill it first.
 */
function startWatchdog(pid: number, pgCtl: [string, string[]], dir: string): number | undefined {
  const stopCommand = [pgCtl[0], ...pgCtl[1]].map(shellQuote).join(' ')
  const script = [
    'read -r _ || true',
    `pkill -CONT -P ${pid} 2>/dev/null; kill -CONT ${pid} 2>/dev/null`,
    `${stopCommand} >/dev/null 2>&1 || kill -KILL ${pid} 2>/dev/null`,
    `rm -rf ${shellQuote(dir)}`,
  ].join('\n')
  try {
    const child = spawn('sh', ['-c', script], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] })
    child.on('error', () => undefined)
    child.stdin.on('error', () => undefined)
    child.unref()
    ;(child.stdin as unknown as { unref?(): void }).unref?.()
    return child.pid
  } catch {
    return undefined // best effort: the 'exit' hook still covers ordinary ends
  }
}

let databaseCounter = 0

/** Starts a fresh cluster (`initdb` + `pg_ctl start`) on a free loopback port: about 1 s (0.7–1.8 s measured, initdb included). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir()
  if (!bin) throw new Error(`Cannot start a Postgres server for the tests: ${missingBinariesReason()}.`)
  const dir = mkdtempSync(join(tmpdir(), 'poix-pg-'))
  const data = join(dir, 'data')
  const pgCtl = join(bin, 'pg_ctl')
  let port = 0
  let pid = 0
  try {
    if (IS_ROOT) {
      const chown = spawnSync('chown', ['postgres:postgres', dir], { encoding: 'utf8' })
      if (chown.status !== 0) {
        throw new Error(
          `Running as root, the cluster must belong to the postgres user, but chown failed: ${chown.stderr}`,
        )
      }
    }
    const initdb = await run(
      asPostgres(join(bin, 'initdb'), [
        '-D',
        data,
        '-A',
        'trust',
        '-U',
        'postgres',
        '--no-sync',
        '-E',
        'UTF8',
        '--locale=C',
      ]),
      60_000,
    )
    if (initdb.code !== 0) throw new Error(`initdb failed (exit ${initdb.code}): ${tail(initdb.output)}`)
    let lastFailure = ''
    for (let attempt = 0; attempt < 3 && !pid; attempt++) {
      port = await freePort()
      const options = [
        `-p ${port}`,
        `-k ${shellQuote(dir)}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ')
      const start = await run(
        asPostgres(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']),
        45_000,
      )
      if (start.code === 0) {
        pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
        break
      }
      const log = readLog(dir)
      lastFailure = `pg_ctl start failed (exit ${start.code}): ${tail(start.output, 500)}\n${tail(log)}`
      if (!/could not bind|address already in use/i.test(log)) break // not a port race: retrying will not help
    }
    if (!pid) throw new Error(lastFailure)
  } catch (e) {
    spawnSync(...asPostgres(pgCtl, ['-D', data, 'stop', '-m', 'immediate', '-w', '-t', '10']), {
      stdio: 'ignore',
    })
    rmSync(dir, { recursive: true, force: true })
    throw e
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let state: 'running' | 'paused' | 'killed' | 'stopped' = 'running'
  let paused: number[] = []
  let orphans: number[] = [] // children of a killed postmaster: they exit on their own, stop() checks
  let stopping: Promise<void> | undefined
  const stopCommand = (mode: 'fast' | 'immediate') =>
    asPostgres(pgCtl, ['-D', data, 'stop', '-m', mode, '-w', '-t', '15'])
  const watchdog = startWatchdog(pid, stopCommand('immediate'), dir)

  const continueAll = () => {
    for (const p of [...descendants(pid), ...paused.slice().reverse()]) signal(p, 'SIGCONT')
    paused = []
  }
  const forget = () => {
    state = 'stopped'
    live.delete(handle)
    if (watchdog) signal(watchdog, 'SIGKILL')
  }
  const handle = {
    stopSync() {
      if (state === 'stopped') return
      if (state === 'paused') continueAll()
      if (state !== 'killed' && isAlive(pid)) {
        spawnSync(...stopCommand('immediate'), { stdio: 'ignore', timeout: 20_000 })
        if (isAlive(pid)) signal(pid, 'SIGKILL')
      }
      for (const p of orphans) signal(p, 'SIGKILL')
      forget()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  live.add(handle)
  installExitHook()

  async function stopNow(): Promise<void> {
    if (state === 'paused') {
      continueAll()
      state = 'running'
    }
    if (state === 'running' && isAlive(pid)) {
      const stopped = await run(stopCommand('fast'), 20_000)
      if (stopped.code !== 0 || !(await waitUntilGone([pid], 5_000))) {
        const children = descendants(pid)
        signal(pid, 'SIGKILL')
        orphans.push(...children)
      }
    }
    if (!(await waitUntilGone([pid, ...orphans], 10_000)))
      for (const p of [pid, ...orphans]) signal(p, 'SIGKILL')
    await waitUntilGone([pid, ...orphans], 5_000)
    forget()
    rmSync(dir, { recursive: true, force: true })
  }

  return {
    url,
    port,
    pid,
    dir,
    async createDatabase(name) {
      const database = name ?? `test_${process.pid}_${++databaseCounter}_${randomBytes(3).toString('hex')}`
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`Unsafe database name: ${database}`)
      const client = connect(url)
      await client.connect()
      try {
        await client.query(`CREATE DATABASE "${database}"`)
      } finally {
        await client.end()
      }
      return `postgres://postgres@127.0.0.1:${port}/${database}`
    },
    async dropDatabase(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe database name: ${name}`)
      const client = connect(url)
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
    stop() {
      stopping ??= stopNow()
      return stopping
    },
    kill9() {
      if (state === 'stopped' || state === 'killed') return
      const children = descendants(pid)
      signal(pid, 'SIGKILL')
      if (state === 'paused') continueAll() // stopped children could not notice the postmaster is gone
      for (const p of children) signal(p, 'SIGCONT')
      orphans = children
      state = 'killed'
    },
    pause() {
      if (state === 'paused') return
      if (state !== 'running') throw new Error(`Cannot pause a ${state} Postgres cluster`)
      signal(pid, 'SIGSTOP') // first, so that it forks no new backend meanwhile
      paused = [pid]
      for (let pass = 0; pass < 2; pass++) {
        for (const p of descendants(pid).filter((p) => !paused.includes(p))) {
          signal(p, 'SIGSTOP')
          paused.push(p)
        }
      }
      state = 'paused'
    },
    resume() {
      if (state !== 'paused') return
      continueAll()
      state = 'running'
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// describeOnEngines: the storage suite on PGlite and on a real Postgres server.

export type EngineKind = 'pglite' | 'postgres'

export type EngineUnderTest = {
  kind: EngineKind
  /** Environment selecting this engine: `{ DATA_DIR: ':memory:' }`, or `{ DATABASE_URL }` of a fresh database per test. */
  env(): Record<string, string>
  /** Runtimes to dispose after the test (before its database is dropped). */
  track<T extends { dispose(): Promise<void> }>(runtime: T): T
}

const POSTGRES_BIN_DIR = postgresBinDir()

function engineUnderTest(kind: EngineKind): EngineUnderTest {
  let cluster: PostgresCluster | undefined
  let databaseUrl: string | undefined
  const runtimes: { dispose(): Promise<void> }[] = []
  if (kind === 'postgres') {
    beforeAll(async () => {
      cluster = await startPostgresCluster()
    }, 90_000)
    afterAll(async () => {
      await cluster?.stop()
    }, 60_000)
    beforeEach(async () => {
      databaseUrl = await cluster!.createDatabase()
    })
  }
  // One hook, so the order is certain: runtimes close their connections, then the database goes.
  afterEach(async () => {
    const url = databaseUrl
    databaseUrl = undefined
    try {
      await Promise.all(runtimes.splice(0).map((r) => r.dispose()))
    } finally {
      if (url && cluster) await cluster.dropDatabase(new URL(url).pathname.slice(1))
    }
  })
  return {
    kind,
    env: (): Record<string, string> => {
      if (kind === 'pglite') return { DATA_DIR: ':memory:' }
      if (!databaseUrl)
        throw new Error(
          'engine.env() is only available inside a test (the database is created in beforeEach)',
        )
      return { DATABASE_URL: databaseUrl }
    },
    track: (runtime) => (runtimes.push(runtime), runtime),
  }
}

/**
 * Runs a suite twice: `title [pglite]` (in memory) and `title [postgres]` (one throw-away server per file, a fresh
 * database per test). Without Postgres binaries the second is skipped with the reason in its title, or fails in CI.
 */
export function describeOnEngines(title: string, body: (engine: EngineUnderTest) => void): void {
  describe(`${title} [pglite]`, () => body(engineUnderTest('pglite')))
  if (!POSTGRES_BIN_DIR) {
    const reason = missingBinariesReason()
    if (IN_CI) {
      describe(`${title} [postgres]`, () => {
        it('runs against a real Postgres server', () => {
          throw new Error(`CI must test the storage on a real Postgres server, but ${reason}.`)
        })
      })
    } else {
      describe.skip(`${title} [postgres] — SKIPPED: ${reason} (in CI this fails)`, () =>
        it('needs a Postgres server', () => undefined))
    }
    return
  }
  describe(`${title} [postgres]`, () => body(engineUnderTest('postgres')))
}
