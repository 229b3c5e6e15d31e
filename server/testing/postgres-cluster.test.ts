import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  describeOnEngines,
  postgresBinDir,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres-cluster.ts'

const BIN_DIR = postgresBinDir()
const IN_CI = process.env.CI === 'true' || process.env.CI === '1'
// Without binaries: skipped here, failed in CI (describeOnEngines below shows the same rule).
const describeCluster = BIN_DIR || IN_CI ? describe : describe.skip

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2)) // a zombie is dead, just not reaped yet
  } catch {
    return false
  }
}

async function eventually(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) return false
    await new Promise((r) => setTimeout(r, 25))
  }
  return true
}

async function client(url: string, options: Partial<pg.ClientConfig> = {}): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, ...options })
  c.on('error', () => undefined)
  await c.connect()
  return c
}

async function queryOnce(url: string, sql: string, timeoutMs = 5_000): Promise<pg.QueryResult> {
  const c = await client(url, { connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs })
  try {
    return await c.query(sql)
  } finally {
    await c.end()
  }
}

describeCluster('a throw-away Postgres cluster', () => {
  let cluster: PostgresCluster
  let startMs = 0

  beforeAll(async () => {
    const t0 = performance.now()
    cluster = await startPostgresCluster()
    startMs = performance.now() - t0
    console.log(
      `postgres cluster started in ${startMs.toFixed(0)} ms (${BIN_DIR}) on port ${cluster.port}, pid ${cluster.pid}`,
    )
  }, 60_000)
  afterAll(() => cluster?.stop())

  it('listens on a loopback port, as the postgres superuser, from a fresh folder', async () => {
    expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`)
    expect(alive(cluster.pid)).toBe(true)
    expect(existsSync(`${cluster.dir}/data/PG_VERSION`)).toBe(true)
    const { rows } = await queryOnce(
      cluster.url,
      'select current_user as who, inet_server_addr()::text as addr, current_setting($$fsync$$) as fsync',
    )
    expect(rows[0]).toEqual({ who: 'postgres', addr: '127.0.0.1/32', fsync: 'off' })
  })

  it('creates isolated empty databases', async () => {
    const t0 = performance.now()
    const a = await cluster.createDatabase()
    const b = await cluster.createDatabase()
    console.log(`createDatabase: ${((performance.now() - t0) / 2).toFixed(0)} ms each`)
    expect(a).not.toBe(b)
    expect(a).toMatch(new RegExp(`^postgres://postgres@127\\.0\\.0\\.1:${cluster.port}/test_\\w+$`))

    await queryOnce(
      a,
      'create table ledger (id int primary key, note text); insert into ledger values (1, $$in a$$)',
    )
    expect((await queryOnce(a, 'select note from ledger')).rows).toEqual([{ note: 'in a' }])
    expect((await queryOnce(b, "select to_regclass('ledger') as t")).rows).toEqual([{ t: null }])
    expect((await queryOnce(b, 'select current_database() as db')).rows[0].db).toBe(
      new URL(b).pathname.slice(1),
    )

    const named = await cluster.createDatabase('named_db')
    expect(named).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/named_db`)
    await expect(cluster.createDatabase('named_db')).rejects.toThrow(/already exists/)
    await expect(cluster.createDatabase('bad"; drop')).rejects.toThrow(/Unsafe database name/)

    await cluster.dropDatabase('named_db')
    const { rows } = await queryOnce(
      cluster.url,
      "select count(*)::int as n from pg_database where datname = 'named_db'",
    )
    expect(rows[0].n).toBe(0)
  })

  it('pause() stalls the server (client-side timeouts fire), resume() brings it back', async () => {
    const db = await cluster.createDatabase()
    const open = await client(db, { query_timeout: 500 })
    expect((await open.query('select 1 as one')).rows).toEqual([{ one: 1 }])

    cluster.pause()
    try {
      const t0 = performance.now()
      await expect(open.query('select 2 as two')).rejects.toThrow(/timeout/i)
      const elapsed = performance.now() - t0
      expect(elapsed).toBeGreaterThanOrEqual(450)
      expect(elapsed).toBeLessThan(2_000)
      // A new connection stalls too: the kernel accepts it, the stopped postmaster never answers.
      await expect(queryOnce(db, 'select 3', 500)).rejects.toThrow(/timeout/i)
    } finally {
      cluster.resume()
    }

    expect((await queryOnce(db, 'select 4 as four', 500)).rows).toEqual([{ four: 4 }])
    await open.end()
  })

  it('pause() and resume() are idempotent', async () => {
    cluster.pause()
    cluster.pause()
    cluster.resume()
    cluster.resume()
    expect((await queryOnce(cluster.url, 'select 5 as five', 500)).rows).toEqual([{ five: 5 }])
  })

  it('stop() ends the postmaster and every child, removes the folder, and can be called again', async () => {
    const { pid, dir } = cluster
    const children = readdirChildren(pid)
    expect(children.length).toBeGreaterThan(0) // checkpointer, walwriter, …
    cluster.pause() // stopping a stalled cluster works too
    const t0 = performance.now()
    await cluster.stop()
    const stopMs = performance.now() - t0
    console.log(`stop: ${stopMs.toFixed(0)} ms`)
    expect(stopMs).toBeLessThan(5_000) // a clean pg_ctl stop, not the SIGKILL fallback after a timeout
    expect(alive(pid)).toBe(false)
    expect(children.filter(alive)).toEqual([])
    expect(existsSync(dir)).toBe(false)
    await cluster.stop()
    await expect(queryOnce(cluster.url, 'select 1', 1_000)).rejects.toThrow()
  })
})

/** Direct children of a process, from /proc. */
function readdirChildren(pid: number): number[] {
  const out: number[] = []
  for (const task of readdirSync('/proc')) {
    if (!/^\d+$/.test(task)) continue
    try {
      const stat = readFileSync(`/proc/${task}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(task))
    } catch {
      // gone
    }
  }
  return out
}

describeCluster('a crashed Postgres cluster and a crashed test process', () => {
  it('kill9() kills the postmaster; its children exit; stop() still removes the folder', async () => {
    const cluster = await startPostgresCluster()
    const db = await cluster.createDatabase()
    const open = await client(db)
    const children = readdirChildren(cluster.pid)
    cluster.kill9()
    expect(await eventually(() => !alive(cluster.pid), 2_000)).toBe(true)
    await expect(open.query('select 1')).rejects.toThrow()
    await expect(queryOnce(db, 'select 1', 1_000)).rejects.toThrow()
    await cluster.stop()
    expect(children.filter(alive)).toEqual([])
    expect(existsSync(cluster.dir)).toBe(false)
  }, 30_000)

  const moduleUrl = new URL('./postgres-cluster.ts', import.meta.url).href
  const cwd = fileURLToPath(new URL('../..', import.meta.url))

  /** Starts a cluster in a child Node process, which then exits on its own or waits to be killed. */
  function clusterInChild(
    ending: 'exit' | 'wait',
  ): Promise<{ child: ReturnType<typeof spawn>; pid: number; dir: string }> {
    const code = `
      const { startPostgresCluster } = await import(${JSON.stringify(moduleUrl)})
      const c = await startPostgresCluster()
      console.log(JSON.stringify({ pid: c.pid, dir: c.dir }))
      if (${JSON.stringify(ending)} === 'exit') process.exit(0)
      setInterval(() => {}, 1000)
    `
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return new Promise((resolve, reject) => {
      let out = ''
      let err = ''
      child.stderr.on('data', (d: Buffer) => (err += d.toString()))
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        const line = /^\{.*\}$/m.exec(out)?.[0]
        if (line) resolve({ child, ...(JSON.parse(line) as { pid: number; dir: string }) })
      })
      child.once('exit', (code) => {
        const line = /^\{.*\}$/m.exec(out)?.[0]
        if (!line) reject(new Error(`child exited (${code}) before starting a cluster: ${err}`))
      })
    })
  }

  it("a test process that exits without stop() stops its cluster (process 'exit' hook)", async () => {
    const { child, pid, dir } = await clusterInChild('exit')
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)))
    expect(await eventually(() => !alive(pid), 2_000)).toBe(true)
    expect(existsSync(dir)).toBe(false)
  }, 30_000)

  it('a test process killed with SIGKILL does not leave its cluster running (watchdog)', async () => {
    const { child, pid, dir } = await clusterInChild('wait')
    expect(alive(pid)).toBe(true)
    child.kill('SIGKILL')
    expect(await eventually(() => !alive(pid) && !existsSync(dir), 15_000)).toBe(true)
  }, 30_000)
})

describeOnEngines('describeOnEngines', (engine) => {
  const seen: string[] = []
  it('gives each test its own storage', async () => {
    const env = engine.env()
    if (engine.kind === 'pglite') return expect(env).toEqual({ DATA_DIR: ':memory:' })
    expect(Object.keys(env)).toEqual(['DATABASE_URL'])
    seen.push(env.DATABASE_URL!)
    await queryOnce(env.DATABASE_URL!, 'create table t (x int)')
    const disposed = engine.track({ dispose: async () => void seen.push('disposed') })
    expect(disposed.dispose).toBeTypeOf('function')
  })
  it('…a fresh database, after disposing the previous test’s runtimes and dropping its database', async () => {
    if (engine.kind === 'pglite') return
    const url = engine.env().DATABASE_URL!
    expect(seen).toEqual([expect.stringMatching(/^postgres:/), 'disposed'])
    expect(url).not.toBe(seen[0])
    expect((await queryOnce(url, "select to_regclass('t') as t")).rows).toEqual([{ t: null }])
    const previous = new URL(seen[0]!).pathname.slice(1)
    const admin = url.replace(/\/[^/]+$/, '/postgres')
    expect(
      (await queryOnce(admin, `select count(*)::int as n from pg_database where datname = '${previous}'`))
        .rows[0].n,
    ).toBe(0)
  })
})
