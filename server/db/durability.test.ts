/**
 * Process-level durability of the storage (docs/decisions/0120-storage-on-postgres.md): the function and the simulated
 * service each run in their own Node process (bench/lib), the database is PGlite under a temporary DATA_DIR or a
 * throw-away Postgres cluster (server/testing/postgres-cluster.ts), and the figures are read from the database
 * itself and from the service's own counters (GET /__bench/stats).
 *
 * 1. kill -9 of the function at random moments of bursts of paid calls: every call the service saw has a ledger
 *    row, and the budget counter equals the sum of the rows (settled costs + pending reservations).
 * 2. Two function processes on one Postgres database: the budget is never overshot; single flight holds.
 * 3. The database stalled, then killed, mid-run: 503 storage_unavailable within the statement time-out, and no
 *    paid call leaves unrecorded; the process survives.
 *
 * Every process started here is stopped by its PID (finally / afterAll); all traffic stays on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  startFunctionProcess,
  startSimulatorProcess,
  simulatorStats,
  whenSettled,
  ledgerTotals,
} from '../../bench/lib/servers.ts'
import type { ChildServer } from '../../bench/lib/processes.ts'
import { priceOf } from '#contract/index.ts'
import { toMicro } from '../spend/money.ts'
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster.ts'
import { num, type Queryable } from './database.ts'
import { withPgClient, withPgliteFolder } from '../testing/stored-data.ts'
import { ledgerCalls, matchCallsToRows, simulatorCallLog, type LedgerCall } from '../testing/call-log.ts'

const TEST_MS = 180_000
const IN_CI = process.env.CI === 'true' || process.env.CI === '1'
// Without Postgres binaries the Postgres tests are skipped here and fail in CI (the rule of describeOnEngines).
const describePostgres = postgresBinDir() || IN_CI ? describe : describe.skip

const SEARCH_PRICE_MICRO = toMicro(priceOf('GET /search'))
/** USD string of a number of micro-dollars, exactly (BUDGET_USD). */
const usd = (micro: number) => String(micro / 1_000_000)

// ---------------------------------------------------------------------------------------------------------------
// Processes: every one started here is stopped by its PID, whatever happens.

const started = new Set<ChildServer>()
const clusters = new Set<PostgresCluster>()

afterAll(async () => {
  await Promise.all([...started].map((s) => s.stop()))
  started.clear()
  await Promise.all([...clusters].map((c) => c.stop()))
  clusters.clear()
}, 60_000)

const exited = (s: ChildServer) => s.child.exitCode !== null || s.child.signalCode !== null

async function stop(s: ChildServer | undefined): Promise<void> {
  if (!s) return
  await s.stop()
  started.delete(s)
}

/** SIGKILL by PID, then waits until the process has exited (and been reaped). */
async function kill9(s: ChildServer): Promise<void> {
  if (!exited(s)) {
    const gone = new Promise((resolve) => s.child.once('exit', resolve))
    process.kill(s.pid, 'SIGKILL')
    await gone
  }
  started.delete(s)
}

async function simulator(opts: { serviceMs?: number } = {}): Promise<ChildServer> {
  const s = await startSimulatorProcess(opts)
  started.add(s)
  return s
}

async function functionProcess(
  sim: ChildServer,
  cacheDir: string,
  env: Record<string, string>,
): Promise<ChildServer> {
  const s = await startFunctionProcess({ simulator: sim, cacheDir, env })
  started.add(s)
  return s
}

async function newCluster(): Promise<PostgresCluster> {
  const c = await startPostgresCluster()
  clusters.add(c)
  return c
}

async function stopCluster(c: PostgresCluster | undefined): Promise<void> {
  if (!c) return
  await c.stop()
  clusters.delete(c)
}

function tempFolder(label: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `poix-durability-${label}-`))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------------------------------------------------------
// Requests

type Answer = { status: number; code?: string; body: string; ms: number }

const searchPath = (radius: string) =>
  `/api/search?location=48.8566,2.3522&locationRadius=${radius}&type=video`
/** A radius no other request of this file uses: a distinct question, so a paid call (never a cache hit). */
let distinctCounter = 0
const distinctRadius = () => `${(20 + ++distinctCounter / 1e6).toFixed(6)}km`

async function get(fn: ChildServer, path: string, timeoutMs = 30_000): Promise<Answer> {
  const t0 = performance.now()
  const res = await fetch(`${fn.origin}${path}`, { signal: AbortSignal.timeout(timeoutMs) })
  const body = await res.text()
  let code: string | undefined
  if (!res.ok) {
    try {
      code = (JSON.parse(body) as { error?: { code?: string } }).error?.code
    } catch {
      code = undefined
    }
  }
  return { status: res.status, code, body, ms: performance.now() - t0 }
}

/** A request whose outcome does not matter (the server may die under it): its status, or 0. */
const fireAndForget = (fn: ChildServer, path: string): Promise<number> =>
  get(fn, path).then(
    (a) => a.status,
    () => 0,
  )

const countBy = <T extends string | number>(values: T[]) =>
  values.reduce<Record<string, number>>((m, v) => ((m[String(v)] = (m[String(v)] ?? 0) + 1), m), {})

// ---------------------------------------------------------------------------------------------------------------
// The database, read directly

type Reading = {
  rows: number
  pending: number
  /** Rows whose claim ended with the process that held it (the crash hid their outcome). */
  interrupted: number
  charged: number
  chargedFailure: number
  freeFailure: number
  /** sum(cost_micro) of the settled charged and charged-failure rows. */
  settledMicro: number
  /** sum(price_micro) of the pending and interrupted rows (their reservations). */
  pendingMicro: number
  /** budget.spent_micro of the source. */
  budgetMicro: number
  /** Each row's call key, to match with the calls the service logged. */
  calls: LedgerCall[]
}

async function readLedger(q: Queryable, source: string): Promise<Reading> {
  const [r] = await q.query(
    `SELECT count(*)::int AS rows,
            count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status = 'interrupted')::int AS interrupted,
            count(*) FILTER (WHERE status = 'charged')::int AS charged,
            count(*) FILTER (WHERE status = 'charged_failure')::int AS charged_failure,
            count(*) FILTER (WHERE status = 'free_failure')::int AS free_failure,
            coalesce(sum(cost_micro) FILTER (WHERE status IN ('charged', 'charged_failure')), 0)::float8 AS settled_micro,
            coalesce(sum(price_micro) FILTER (WHERE status IN ('pending', 'interrupted')), 0)::float8 AS pending_micro
     FROM ledger WHERE source = $1`,
    [source],
  )
  const [b] = await q.query('SELECT spent_micro::float8 AS spent FROM budget WHERE source = $1', [source])
  return {
    rows: num(r?.rows),
    pending: num(r?.pending),
    interrupted: num(r?.interrupted),
    charged: num(r?.charged),
    chargedFailure: num(r?.charged_failure),
    freeFailure: num(r?.free_failure),
    settledMicro: num(r?.settled_micro),
    pendingMicro: num(r?.pending_micro),
    budgetMicro: num(b?.spent),
    calls: await ledgerCalls(q, { source }),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Crash test

const CYCLES = 6
const BURST = 60

type Engine = {
  name: 'pglite' | 'postgres'
  /** Environment that selects the engine. */
  env: Record<string, string>
  /** Reads the ledger and the budget; `fn` is the function process running on the data now (PGlite needs it stopped). */
  read(source: string, fn: ChildServer): Promise<{ reading: Reading; fn: ChildServer | undefined }>
}

async function crashCycles(engine: Engine, sim: ChildServer, dataDir: string): Promise<void> {
  const source = `live:${sim.origin}`
  const start = () => functionProcess(sim, dataDir, { BUDGET_USD: '1000', ...engine.env })
  let fn: ChildServer | undefined = await start()
  const lines: string[] = []
  try {
    let burstCalls = 0 // calls of the bursts (not the warm-ups) that reached the service
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const running: ChildServer = fn ?? (fn = await start())
      // One paid call first: a fresh process's first one is slow (compilation, first statements), and the burst should
      // meet the process as it runs, not as it warms up. Not counted in this cycle's "+N".
      expect((await get(running, searchPath(distinctRadius()))).status).toBe(200)
      const before = (await simulatorStats(sim)).calls
      const burst = Array.from({ length: BURST }, () => fireAndForget(running, searchPath(distinctRadius())))
      const killAfterMs = 20 + Math.floor(Math.random() * 281)
      await sleep(killAfterMs)
      await kill9(running)
      fn = undefined
      const statuses = countBy(await Promise.all(burst))
      // Requests the dead process had sent may still be answered by the service: wait until its counter stops.
      const stats = await whenSettled(() => simulatorStats(sim), 500, 15_000)
      const log = await simulatorCallLog(sim)

      fn = await start() // the function itself recovers the data the crash left
      const health = await get(fn, '/api/health')
      expect(health.status).toBe(200)
      const report = await ledgerTotals(fn)
      const read = await engine.read(source, fn)
      fn = read.fn
      const r = read.reading

      const line =
        `[crash ${engine.name}] cycle ${cycle}: killed ${killAfterMs} ms into a burst of ${BURST} (answers ${JSON.stringify(statuses)}); ` +
        `service saw ${stats.calls} calls (+${stats.calls - before} in the burst), charged $${stats.costUsd}; ` +
        `ledger rows ${r.rows} (charged ${r.charged}, charged failure ${r.chargedFailure}, free failure ${r.freeFailure}, pending ${r.pending}, interrupted ${r.interrupted}); ` +
        `budget ${r.budgetMicro} µ$ vs settled ${r.settledMicro} + pending ${r.pendingMicro} = ${r.settledMicro + r.pendingMicro} µ$; ` +
        `/api/spend: pending ${report.totals.pendingCalls}, interrupted ${report.totals.interruptedCalls}, budget $${report.budget?.spentUsd}`
      lines.push(line)
      console.log(line)
      burstCalls += stats.calls - before

      expect(log).toMatchObject({ dropped: 0, calls: { length: stats.calls } })
      const matching = matchCallsToRows(log.calls, r.calls)
      // Every call the service saw has a row of its own (pending or interrupted ones: the crash hid their outcome) …
      expect(matching.callsWithoutRow).toEqual([])
      expect(matching.matched).toBe(stats.calls)
      // … and no row says charged for a call the service did not see.
      expect(matching.chargedRowsWithoutCall).toEqual([])
      expect(r.settledMicro).toBeLessThanOrEqual(toMicro(stats.costUsd))
      // The budget counter is the sum of the rows.
      expect(r.budgetMicro).toBe(r.settledMicro + r.pendingMicro)
      expect(r.pendingMicro).toBe((r.pending + r.interrupted) * SEARCH_PRICE_MICRO)
      // The report says the same as the tables (a claim may end as interrupted between the two readings).
      expect(report.totals.pendingCalls + report.totals.interruptedCalls).toBe(r.pending + r.interrupted)
      // The embedded engine's restart ended every claim the crash left: none stays pending.
      if (engine.name === 'pglite') expect(r.pending).toBe(0)
      expect(toMicro(report.budget?.spentUsd ?? -1)).toBe(r.budgetMicro)
    }
    // The crashes did hit paid calls in flight: otherwise this test proved nothing.
    expect(burstCalls).toBeGreaterThan(0)
    fn ??= await start()
    expect((await get(fn, '/api/health')).status).toBe(200)
    // A last paid call works on the recovered data.
    expect((await get(fn, searchPath(distinctRadius()))).status).toBe(200)
    console.log(`[crash ${engine.name}] summary:\n  ${lines.join('\n  ')}`)
  } finally {
    await stop(fn)
  }
}

describe('durability: kill -9 of the function during bursts of paid calls', () => {
  it(
    'on PGlite (a DATA_DIR): every call the service saw has a ledger row; the budget equals the rows',
    async () => {
      const dir = tempFolder('pglite')
      let sim: ChildServer | undefined
      try {
        sim = await simulator()
        const engine: Engine = {
          name: 'pglite',
          env: { DATABASE_URL: '' },
          async read(source, fn) {
            await stop(fn) // SIGTERM: the folder is free once it has exited
            const reading = await withPgliteFolder(dir.path, (q) => readLedger(q, source))
            return { reading, fn: undefined }
          },
        }
        await crashCycles(engine, sim, dir.path)
      } finally {
        await stop(sim)
        dir.remove()
      }
    },
    TEST_MS,
  )

  describePostgres('on Postgres', () => {
    it(
      'on Postgres (DATABASE_URL): every call the service saw has a ledger row; the budget equals the rows',
      async () => {
        const dir = tempFolder('postgres')
        let sim: ChildServer | undefined
        let cluster: PostgresCluster | undefined
        try {
          cluster = await newCluster()
          const url = await cluster.createDatabase()
          sim = await simulator()
          const engine: Engine = {
            name: 'postgres',
            env: { DATABASE_URL: url },
            read: async (source, fn) => ({
              reading: await withPgClient(url, (q) => readLedger(q, source)),
              fn,
            }),
          }
          await crashCycles(engine, sim, dir.path)
        } finally {
          await stop(sim)
          await stopCluster(cluster)
          dir.remove()
        }
      },
      TEST_MS,
    )
  })
})

// ---------------------------------------------------------------------------------------------------------------
// 2. Two function processes on one Postgres database

describePostgres('durability: two function processes on one Postgres database', () => {
  /** A slow service (300 ms an answer), a fresh database, and two function processes on it started together. */
  async function twoInstances(
    env: Record<string, string>,
    work: (a: ChildServer, b: ChildServer, sim: ChildServer, url: string) => Promise<void>,
  ) {
    const dir = tempFolder('two')
    let cluster: PostgresCluster | undefined
    let sim: ChildServer | undefined
    let a: ChildServer | undefined
    let b: ChildServer | undefined
    try {
      cluster = await newCluster()
      const url = await cluster.createDatabase()
      sim = await simulator({ serviceMs: 300 })
      const s = sim
      // Started at the same moment on an empty database: both migrate it (they take turns on a lock).
      const [first, second] = await Promise.allSettled([
        functionProcess(s, join(dir.path, 'a'), { DATABASE_URL: url, ...env }),
        functionProcess(s, join(dir.path, 'b'), { DATABASE_URL: url, ...env }),
      ])
      if (first.status === 'fulfilled') a = first.value
      if (second.status === 'fulfilled') b = second.value
      if (first.status === 'rejected') throw first.reason
      if (second.status === 'rejected') throw second.reason
      await work(a!, b!, s, url)
    } finally {
      await Promise.all([stop(a), stop(b)])
      await stop(sim)
      await stopCluster(cluster)
      dir.remove()
    }
  }

  it(
    'the budget is never overshot under 100 concurrent distinct calls split across the two',
    async () => {
      const capMicro = 10 * SEARCH_PRICE_MICRO
      await twoInstances({ BUDGET_USD: usd(capMicro) }, async (a, b, sim, url) => {
        const t0 = performance.now()
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) => get(i % 2 ? b : a, searchPath(distinctRadius()))),
        )
        const ms = performance.now() - t0
        const stats = await simulatorStats(sim)
        const reading = await withPgClient(url, (q) => readLedger(q, `live:${sim.origin}`))
        const byProcess = (p: number) =>
          countBy(
            answers.filter((_, i) => i % 2 === p).map((x) => `${x.status}${x.code ? ` ${x.code}` : ''}`),
          )
        console.log(
          `[two instances: budget] cap ${capMicro} µ$ (10 × ${SEARCH_PRICE_MICRO}); 100 distinct calls in ${Math.round(ms)} ms; ` +
            `answers A ${JSON.stringify(byProcess(0))}, B ${JSON.stringify(byProcess(1))}; service saw ${stats.calls} calls, charged $${stats.costUsd}; ` +
            `budget row ${reading.budgetMicro} µ$; ledger rows ${reading.rows} (charged ${reading.charged}, pending ${reading.pending})`,
        )
        expect(answers.filter((x) => x.status === 200)).toHaveLength(10)
        expect(answers.filter((x) => x.status === 402 && x.code === 'budget_exhausted')).toHaveLength(90)
        expect(stats.calls).toBe(10)
        expect(toMicro(stats.costUsd)).toBe(capMicro)
        expect(reading.budgetMicro).toBe(capMicro)
        expect(reading).toMatchObject({ rows: 10, charged: 10, pending: 0, settledMicro: capMicro })
        // The ten calls and the ten rows are the same ten questions.
        const matching = matchCallsToRows((await simulatorCallLog(sim)).calls, reading.calls)
        expect(matching).toEqual({ matched: 10, callsWithoutRow: [], chargedRowsWithoutCall: [] })
      })
    },
    TEST_MS,
  )

  it(
    'single flight holds under 100 concurrent identical calls split across the two: one call reaches the service',
    async () => {
      await twoInstances({ BUDGET_USD: '' }, async (a, b, sim, url) => {
        const path = searchPath(distinctRadius())
        const t0 = performance.now()
        const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => get(i % 2 ? b : a, path)))
        const ms = performance.now() - t0
        const stats = await simulatorStats(sim)
        const reading = await withPgClient(url, (q) => readLedger(q, `live:${sim.origin}`))
        console.log(
          `[two instances: single flight] 100 identical calls in ${Math.round(ms)} ms (service 300 ms); answers ${JSON.stringify(countBy(answers.map((x) => x.status)))}; ` +
            `distinct bodies ${new Set(answers.map((x) => x.body)).size}; service saw ${stats.calls} call(s); ledger rows ${reading.rows}`,
        )
        expect(answers.map((x) => x.status)).toEqual(Array(100).fill(200))
        expect(new Set(answers.map((x) => x.body)).size).toBe(1)
        expect(stats.calls).toBe(1)
        expect(reading).toMatchObject({ rows: 1, charged: 1, pending: 0 })
      })
    },
    TEST_MS,
  )
})

// ---------------------------------------------------------------------------------------------------------------
// 3. The database stalled, then stopped, mid-run

describePostgres('durability: the Postgres server stalls, then dies, mid-run', () => {
  it(
    'answers 503 storage_unavailable within the statement time-out, pays nothing unrecorded, and survives',
    async () => {
      const DB_TIMEOUT_MS = 1500
      const dir = tempFolder('db-down')
      let cluster: PostgresCluster | undefined
      let sim: ChildServer | undefined
      let fn: ChildServer | undefined
      try {
        cluster = await newCluster()
        const url = await cluster.createDatabase()
        sim = await simulator()
        fn = await functionProcess(sim, dir.path, { DATABASE_URL: url, DB_TIMEOUT_MS: String(DB_TIMEOUT_MS) })
        const calls = async () => (await simulatorStats(sim!)).calls

        // Some paid calls succeed.
        for (let i = 0; i < 3; i++) expect((await get(fn, searchPath(distinctRadius()))).status).toBe(200)
        expect(await calls()).toBe(3)

        // A stalled server (SIGSTOP): connections and queries hang.
        cluster.pause()
        const stalled = await get(fn, searchPath(distinctRadius()))
        const afterStall = await calls()
        console.log(
          `[db down] stalled server: a new paid call answered ${stalled.status} ${stalled.code} in ${Math.round(stalled.ms)} ms (DB_TIMEOUT_MS ${DB_TIMEOUT_MS}); service calls ${afterStall}`,
        )
        expect(stalled.status).toBe(503)
        expect(stalled.code).toBe('storage_unavailable')
        expect(stalled.ms).toBeLessThan(4000)
        expect(afterStall).toBe(3) // no paid call left without its record

        // Resumed: requests work again (the pool replaces the connections that timed out).
        cluster.resume()
        let resumed: Answer | undefined
        const resumedAt = performance.now()
        for (let attempt = 0; attempt < 20; attempt++) {
          resumed = await get(fn, searchPath(distinctRadius()))
          if (resumed.status === 200) break
          await sleep(250)
        }
        console.log(
          `[db down] resumed: a paid call answered ${resumed?.status} after ${Math.round(performance.now() - resumedAt)} ms`,
        )
        expect(resumed?.status).toBe(200)
        expect(await calls()).toBe(4)
        const beforeKill = await withPgClient(url, (q) => readLedger(q, `live:${sim!.origin}`))
        expect(beforeKill).toMatchObject({ charged: 4, budgetMicro: 4 * SEARCH_PRICE_MICRO })

        // The server dies (SIGKILL) while paid calls are in flight. It is stalled first for a moment so that some
        // of them hold a connection in the middle of a transaction when it dies: those break under the pool's feet.
        const running = fn
        const burst = Array.from({ length: 30 }, () => fireAndForget(running, searchPath(distinctRadius())))
        await sleep(5 + Math.floor(Math.random() * 20))
        cluster.pause()
        await sleep(200)
        cluster.kill9()
        const burstStatuses = countBy(await Promise.all(burst))
        const afterKill = await whenSettled(calls, 500, 15_000)
        await sleep(300)
        if (exited(fn))
          throw new Error(
            `the function process died when the database did (${fn.child.signalCode ?? `exit code ${fn.child.exitCode}`}):\n${fn.stderrText().slice(-6000)}`,
          )

        const dead = await get(fn, searchPath(distinctRadius()))
        await sleep(300)
        const afterDead = await calls()
        const health = await get(fn, '/api/health')
        console.log(
          `[db down] killed server during a burst of 30 (answers ${JSON.stringify(burstStatuses)}; service calls ${afterKill}); ` +
            `then a new paid call answered ${dead.status} ${dead.code} in ${Math.round(dead.ms)} ms; service calls ${afterDead}; /api/health ${health.status}`,
        )
        expect(dead.status).toBe(503)
        expect(dead.code).toBe('storage_unavailable')
        expect(dead.ms).toBeLessThan(4000)
        expect(afterDead).toBe(afterKill)
        expect(health.status).toBe(200)
        expect(exited(fn)).toBe(false)
        expect(fn.countStderr(/uncaught|unhandled/i)).toBe(0)
      } finally {
        await stop(fn)
        await stop(sim)
        await stopCluster(cluster)
        dir.remove()
      }
    },
    TEST_MS,
  )
})
