/**
 * The collect job across processes: the function is killed (SIGKILL) mid-collect and restarted on the
 * same storage, and the job resumes and finishes, every call the service saw has a ledger row and no track is paid
 * twice; two function processes on one Postgres share a job and never ask the service for one track twice.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startFunctionProcess, startSimulatorProcess, simulatorStats } from '../../bench/lib/servers.ts'
import type { ChildServer } from '../../bench/lib/processes.ts'
import { CollectionDetail, CollectionSummary, type Job } from '#contract/collections.ts'
import { getDataset } from '#simulator/data/dataset.ts'
import { num, type Queryable } from '../db/database.ts'
import { withPgClient, withPgliteFolder } from '../testing/stored-data.ts'
import { ledgerCalls, matchCallsToRows, simulatorCallLog } from '../testing/call-log.ts'
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster.ts'
import { INTERRUPTED_AFTER_PAYMENT } from './collect-item.ts'

const TEST_MS = 240_000
const IN_CI = process.env.CI === 'true' || process.env.CI === '1'
// Without Postgres binaries the Postgres tests are skipped here and fail in CI (the rule of describeOnEngines).
const describePostgres = postgresBinDir() || IN_CI ? describe : describe.skip
const CAPTIONS = 'GET /captions/{videoId}'

const started = new Set<ChildServer>()
const clusters = new Set<PostgresCluster>()
const folders: string[] = []
afterAll(async () => {
  await Promise.all([...started].map((s) => s.stop()))
  await Promise.all([...clusters].map((c) => c.stop()))
  for (const f of folders) rmSync(f, { recursive: true, force: true })
}, 60_000)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function track(s: Promise<ChildServer>): Promise<ChildServer> {
  const server = await s
  started.add(server)
  return server
}

async function kill9(s: ChildServer): Promise<void> {
  if (s.child.exitCode === null && s.child.signalCode === null) {
    const gone = new Promise((resolve) => s.child.once('exit', resolve))
    process.kill(s.pid, 'SIGKILL')
    await gone
  }
  started.delete(s)
}

async function stop(s: ChildServer): Promise<void> {
  await s.stop()
  started.delete(s)
}

function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'poix-collect-'))
  folders.push(dir)
  return dir
}

async function api<T>(fn: ChildServer, path: string, init?: { method: string; body?: unknown }): Promise<T> {
  const res = await fetch(`${fn.origin}${path}`, {
    method: init?.method ?? 'GET',
    headers: { 'Content-Type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  })
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as T
}

const detail = async (fn: ChildServer, id: string) =>
  CollectionDetail.parse(await api(fn, `/api/collections/${id}`))

async function until(fn: ChildServer, id: string, done: (job: Job) => boolean, limitMs = 120_000) {
  const deadline = Date.now() + limitMs
  for (;;) {
    const d = await detail(fn, id)
    if (d.job && done(d.job)) return d
    if (Date.now() > deadline) throw new Error(`the job did not get there: ${JSON.stringify(d.job)}`)
    await sleep(100)
  }
}

/** Charged (or possibly charged) caption calls per video, and how many tracks were paid more than once. */
async function readLedger(q: Queryable) {
  const rows = await q.query(
    `SELECT path, count(*)::int AS paid FROM ledger
     WHERE operation = $1 AND status IN ('charged', 'charged_failure', 'pending', 'interrupted') GROUP BY path`,
    [CAPTIONS],
  )
  const [again] = await q.query('SELECT count(*)::int AS n FROM collect_items WHERE attempts > 1')
  const pending = await q.query<{ path: string }>(
    "SELECT path FROM ledger WHERE operation = $1 AND status IN ('pending', 'interrupted')",
    [CAPTIONS],
  )
  return {
    /** Each caption row's call key, to match with the calls the service logged. */
    calls: await ledgerCalls(q, { operation: CAPTIONS }),
    /** Work rows claimed more than once: a dead worker's claims taken over. */
    reclaimed: num(again?.n),
    /** The service paths of caption rows never settled (pending, or interrupted once their claim ended): calls the crash cut off. */
    pendingPaths: pending.map((r) => String(r.path)),
    rows: rows.reduce((s, r) => s + num(r.paid), 0),
    paidTwice: rows.filter((r) => num(r.paid) > 1).map((r) => String(r.path)),
  }
}

const VIDEO_IDS = getDataset()
  .videos.slice(0, 48)
  .map((v) => v.id)

type Reader = <T>(dataDir: string, work: (q: Queryable) => Promise<T>) => Promise<T>

/** Collects VIDEO_IDS, kills the function mid-collect, restarts it, and checks the job finished without paying twice. */
async function crashAndResume(env: Record<string, string>, read: Reader) {
  const sim = await track(startSimulatorProcess({ serviceMs: 300 }))
  const dataDir = tempFolder()
  const fnEnv = { COLLECT_CONCURRENCY: '4', COLLECT_LEASE_MS: '1500', ...env }
  let fn = await track(startFunctionProcess({ simulator: sim, cacheDir: dataDir, env: fnEnv }))
  const c = CollectionSummary.parse(
    await api(fn, '/api/collections', { method: 'POST', body: { name: 'crash', videoIds: VIDEO_IDS } }),
  )
  await api(fn, `/api/collections/${c.id}/collect`, { method: 'POST', body: { maxUsd: 1 } })
  // Killed while tracks are in progress: their calls in flight, some paid, some not yet answered.
  await until(fn, c.id, (j) => j.done >= 8 && j.running > 0)
  await kill9(fn)
  fn = await track(startFunctionProcess({ simulator: sim, cacheDir: dataDir, env: fnEnv }))
  const d = await until(fn, c.id, (j) => j.state !== 'running')
  expect(d.job).toMatchObject({ state: 'done', total: VIDEO_IDS.length, queued: 0, running: 0 })
  expect(d.job!.done).toBe(VIDEO_IDS.length)
  // Only a track whose paid call the crash cut off may fail, and it says so; the rest are collected (or have none).
  const interrupted = d.videos.filter((v) => v.track.state === 'failed')
  for (const v of interrupted) expect(v.track.failure?.message).toBe(INTERRUPTED_AFTER_PAYMENT)
  expect(d.tracks.collected + d.tracks.unavailable + interrupted.length).toBe(VIDEO_IDS.length)
  const stats = await simulatorStats(sim)
  const log = await simulatorCallLog(sim)
  await stop(fn)
  const ledger = await read(dataDir, readLedger)
  expect(ledger.paidTwice).toEqual([])
  // Each interrupted track is one whose ledger row the crash left unsettled: its call left, its answer was never stored.
  for (const v of interrupted)
    expect(
      ledger.pendingPaths.some((p) => p.includes(v.videoId)),
      `${v.videoId} has an unsettled row`,
    ).toBe(true)
  expect(interrupted.length).toBeLessThanOrEqual(ledger.pendingPaths.length)
  expect(ledger.reclaimed).toBeGreaterThan(0) // the crash left claims, and the restarted function took them over
  // Every call the service saw has a ledger row of its own (a row may exist for a call the crash stopped before it
  // left), and every charged row a call.
  const captionCalls = log.calls.filter((c) => c.operation === CAPTIONS)
  expect(log.dropped).toBe(0)
  expect(captionCalls.length).toBe(stats.byOperation[CAPTIONS])
  expect(captionCalls.length).toBeGreaterThan(0)
  expect(matchCallsToRows(captionCalls, ledger.calls)).toEqual({
    matched: captionCalls.length,
    callsWithoutRow: [],
    chargedRowsWithoutCall: [],
  })
  expect(captionCalls.length).toBeLessThanOrEqual(VIDEO_IDS.length)
}

describe('collect job: kill -9 of the function mid-collect [pglite]', () => {
  it(
    'resumes after a restart on the same folder and finishes; every call has a ledger row; no track is paid twice',
    () => crashAndResume({}, (dataDir, work) => withPgliteFolder(dataDir, work)),
    TEST_MS,
  )
})

describePostgres('collect job on a Postgres server', () => {
  let cluster: PostgresCluster
  it(
    'kill -9 mid-collect: a restarted function resumes the job and finishes; no track is paid twice',
    async () => {
      cluster = await startPostgresCluster()
      clusters.add(cluster)
      const url = await cluster.createDatabase()
      await crashAndResume({ DATABASE_URL: url }, (_dir, work) => withPgClient(url, work))
    },
    TEST_MS,
  )

  it(
    'two instances share one job and never ask the service for one track twice; progress reads the same from both',
    async () => {
      cluster ??= await startPostgresCluster()
      clusters.add(cluster)
      const url = await cluster.createDatabase()
      const sim = await track(startSimulatorProcess({ serviceMs: 100 }))
      const env = { DATABASE_URL: url, COLLECT_CONCURRENCY: '4', COLLECT_LEASE_MS: '3000' }
      const [a, b] = await Promise.all([
        track(startFunctionProcess({ simulator: sim, cacheDir: tempFolder(), env })),
        track(startFunctionProcess({ simulator: sim, cacheDir: tempFolder(), env })),
      ])
      const c = CollectionSummary.parse(
        await api(a, '/api/collections', { method: 'POST', body: { name: 'shared', videoIds: VIDEO_IDS } }),
      )
      await api(a, `/api/collections/${c.id}/collect`, { method: 'POST', body: { maxUsd: 1 } })
      const fromB = await until(b, c.id, (j) => j.state !== 'running')
      expect(fromB.job).toMatchObject({ state: 'done', done: VIDEO_IDS.length })
      expect((await detail(a, c.id)).job).toEqual(fromB.job)
      const stats = await simulatorStats(sim)
      expect(stats.byOperation[CAPTIONS]).toBe(VIDEO_IDS.length)
      await withPgClient(url, async (q) => {
        expect((await readLedger(q)).paidTwice).toEqual([])
        const workers = await q.query(
          "SELECT count(DISTINCT worker)::int AS n FROM collect_items WHERE state <> 'queued'",
        )
        expect(num(workers[0]?.n)).toBe(2) // both instances collected
      })
      // A second collection of the same videos costs nothing: its tracks are already in the corpus.
      const again = CollectionSummary.parse(
        await api(b, '/api/collections', { method: 'POST', body: { name: 'again', videoIds: VIDEO_IDS } }),
      )
      const price = await api<{ toBuy: number; priceUsd: number }>(b, `/api/collections/${again.id}/collect`)
      expect(price).toMatchObject({ toBuy: 0, priceUsd: 0 })
      expect((await simulatorStats(sim)).byOperation[CAPTIONS]).toBe(VIDEO_IDS.length)
    },
    TEST_MS,
  )
})
