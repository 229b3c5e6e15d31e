/**
 * Collect: 1,000 videos' caption tracks collected by the server's job, through the function (live mode) against
 * the simulator answering every request 100 ms late, each in its own process, on the embedded engine (PGlite under
 * DATA_DIR) and on a Postgres server (DATABASE_URL). The job's wall time (its start to its last item's end, on the server's clock) against the
 * ideal for the job's concurrency (videos × 0.1 s / concurrency), then a second collection of the same videos
 * collected again: the ledger must not move. docs/decisions/0150-bench-collect-and-view.md, 0154.
 */
import { loadavg } from 'node:os'
import { getDataset } from '#simulator/data/dataset.ts'
import { SIMULATOR_TOKEN } from '#simulator/token.ts'
import { startPostgresCluster } from '#server/testing/postgres-cluster.ts'
import type { ChildServer } from '../lib/processes.ts'
import { count, ratio, usd, type PartOutcome, type Row } from '../lib/report.ts'
import { ledgerTotals, startFunctionProcess, startSimulatorProcess, tempDir } from '../lib/servers.ts'

const VIDEOS = 1000
const SERVICE_MS = 100
/** The job's concurrency, set explicitly so the ideal is known (COLLECT_CONCURRENCY, corpus-store's default). */
const COLLECT_CONCURRENCY = 8
const TARGET_RATIO = 1.2
/**
 * Each poll reads the whole detail (1,000 videos) from the same database the job writes to: once a second, still
 * more often than the view (1.5 s). The job's time is read from the server's clock, not from the polls.
 */
const POLL_MS = 1000
const JOB_LIMIT_MS = 8 * 60_000 // far above the ideal 12.5 s: a slow job still gives a figure

/** The fields of the HTTP interface (contract/collections.ts) this part reads. */
type Job = {
  state: string
  total: number
  done: number
  collected: number
  unavailable: number
  failed: number
  spentUsd: number
  /** The server's clock (epoch ms): when the job was started and when its last item ended. */
  startedAt: number
  finishedAt: number | null
}
type Price = { tracks: number; cached: number; toBuy: number; priceUsd: number }

/** Videos of the simulator's data set that have caption tracks, in its order. */
export function videosWithCaptions(n: number): string[] {
  const ids = getDataset()
    .videos.filter((v) => v.captionTracks.length > 0)
    .map((v) => v.id)
  if (ids.length < n) throw new Error(`the simulator has ${ids.length} videos with captions, not ${n}`)
  return ids.slice(0, n)
}

async function call<T>(fn: ChildServer, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${fn.origin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok)
    throw new Error(
      `${method} ${path} answered ${res.status}${res.status === 404 && path === '/api/collections' ? " (corpus-store's routes are not in this build)" : ''}: ${text.slice(0, 200)}`,
    )
  return JSON.parse(text) as T
}

type Collected = {
  price: Price
  job: Job
  /** The job's own time: started → its last item ended, on the server's clock. */
  wallMs: number
  /** Until this part's poll (every POLL_MS) saw it end. */
  observedMs: number
  paidCalls: number
  spentUsd: number
}

/** A new collection of `videoIds`, priced, collected within its price, timed until its job ends. */
async function collectAll(
  fn: ChildServer,
  videoIds: string[],
  name: string,
  log: (line: string) => void,
): Promise<Collected> {
  const { id } = await call<{ id: string }>(fn, 'POST', '/api/collections', { name, videoIds })
  const price = await call<Price>(fn, 'GET', `/api/collections/${id}/collect`)
  const before = (await ledgerTotals(fn)).totals
  const t0 = performance.now()
  // A cent above the price: rounding of the sum must not cap the job one track short.
  let job = await call<Job>(fn, 'POST', `/api/collections/${id}/collect`, { maxUsd: price.priceUsd + 0.01 })
  let reported = t0
  while (job.state === 'running') {
    if (performance.now() - t0 > JOB_LIMIT_MS)
      throw new Error(
        `the collect job was still running after ${JOB_LIMIT_MS / 1000} s (${job.done} of ${job.total})`,
      )
    if (performance.now() - reported > 10_000) {
      reported = performance.now()
      log(`  ${job.done} of ${job.total} after ${((reported - t0) / 1000).toFixed(0)} s`)
    }
    await new Promise((r) => setTimeout(r, POLL_MS))
    job = (await call<{ job: Job }>(fn, 'GET', `/api/collections/${id}`)).job
  }
  const observedMs = performance.now() - t0
  const after = (await ledgerTotals(fn)).totals
  return {
    price,
    job,
    wallMs: job.finishedAt === null ? observedMs : job.finishedAt - job.startedAt,
    observedMs,
    paidCalls: after.paidCalls - before.paidCalls,
    spentUsd: after.spentUsd - before.spentUsd,
  }
}

/**
 * The same calls straight at the simulator, the job's concurrency of them at a time, with nothing in between: what
 * the service itself takes for them (the ideal assumes exactly SERVICE_MS each).
 */
async function directMs(videoIds: string[]): Promise<number> {
  const sim = await startSimulatorProcess({ serviceMs: SERVICE_MS })
  try {
    let next = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: COLLECT_CONCURRENCY }, async () => {
        while (next < videoIds.length) {
          const res = await fetch(`${sim.origin}/captions/${videoIds[next++]}?format=json&mode=default`, {
            headers: { Authorization: `Bearer ${SIMULATOR_TOKEN}` },
          })
          await res.arrayBuffer()
          if (!res.ok) throw new Error(`the simulator answered ${res.status} to a direct caption call`)
        }
      }),
    )
    return performance.now() - t0
  } finally {
    await sim.stop()
  }
}

type Engine = 'pglite' | 'postgres'

/** The 1-minute load average: six other engineers share the cores, so each figure says how busy they were. */
const load = () => loadavg()[0]!.toFixed(2)

/** Both collects on one engine: a fresh simulator and function, the function's database on `engine`. */
async function collectOn(
  engine: Engine,
  videoIds: string[],
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<{ rows: Row[]; data: Record<string, unknown> }> {
  const cache = tempDir('collect')
  let sim: ChildServer | undefined
  let fn: ChildServer | undefined
  try {
    sim = await startSimulatorProcess({ serviceMs: SERVICE_MS })
    fn = await startFunctionProcess({
      simulator: sim,
      cacheDir: cache.path,
      env: {
        COLLECT_CONCURRENCY: String(COLLECT_CONCURRENCY),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    })
    const server = fn
    const withTail = (e: unknown) => {
      throw new Error(
        `${e instanceof Error ? e.message : String(e)}; the function's last lines:\n${server.stderrTail()}`,
      )
    }
    const loadBefore = load()
    const first = await collectAll(fn, videoIds, 'Bench: first collect', log).catch(withTail)
    const loadAfter = load()
    log(
      `  ${engine} first: ${first.job.collected} collected, ${first.job.unavailable} unavailable, ${first.job.failed} failed in ${(first.wallMs / 1000).toFixed(1)} s; ${first.paidCalls} paid ${usd(first.spentUsd)}`,
    )
    const second = await collectAll(fn, videoIds, 'Bench: same videos again', log).catch(withTail)
    log(
      `  ${engine} second: price ${usd(second.price.priceUsd)} (${second.price.cached} cached), ${second.paidCalls} paid ${usd(second.spentUsd)} in ${(second.wallMs / 1000).toFixed(1)} s`,
    )
    const idealMs = (VIDEOS * SERVICE_MS) / COLLECT_CONCURRENCY
    const part = 'collect'
    const rows: Row[] = [
      {
        part,
        measure: `${engine}: first collect: ${count(VIDEOS)} videos, service ${SERVICE_MS} ms late, concurrency ${COLLECT_CONCURRENCY}`,
        value: `${(first.wallMs / 1000).toFixed(1)} s`,
        compare: `ideal ${(idealMs / 1000).toFixed(1)} s; the job's start → end on the server (${(first.observedMs / 1000).toFixed(1)} s until a ${POLL_MS} ms poll saw it); ${first.job.collected} collected, ${first.job.unavailable} unavailable, ${first.job.failed} failed; load ${loadBefore} → ${loadAfter}`,
        ratio: ratio(first.wallMs, idealMs),
        target: `≤ ${TARGET_RATIO}× ideal`,
        met: first.wallMs <= TARGET_RATIO * idealMs && first.job.done === VIDEOS,
      },
      {
        part,
        measure: `${engine}: first collect: price shown before, then paid (ledger)`,
        value: `${usd(first.spentUsd)} · ${count(first.paidCalls)} paid`,
        compare: `price ${usd(first.price.priceUsd)} for ${count(first.price.toBuy)} tracks`,
        target: '≤ the price',
        met: first.spentUsd <= first.price.priceUsd + 1e-9,
      },
      {
        part,
        measure: `${engine}: second collect of the same videos: paid (ledger)`,
        value: `${usd(second.spentUsd)} · ${count(second.paidCalls)} paid`,
        compare: `price ${usd(second.price.priceUsd)}; ${(second.wallMs / 1000).toFixed(1)} s`,
        target: '$0',
        met: second.spentUsd === 0 && second.paidCalls === 0,
      },
    ]
    return { rows, data: { idealMs, first, second, load: { before: loadBefore, after: loadAfter } } }
  } finally {
    await fn?.stop()
    await sim?.stop()
    cache.remove()
  }
}

export async function runCorpusCollect(log: (line: string) => void): Promise<PartOutcome> {
  const videoIds = videosWithCaptions(VIDEOS)
  const direct = await directMs(videoIds)
  log(
    `  direct: ${VIDEOS} calls straight at the simulator, ${COLLECT_CONCURRENCY} at a time, in ${(direct / 1000).toFixed(1)} s`,
  )
  const embedded = await collectOn('pglite', videoIds, undefined, log)
  const cluster = await startPostgresCluster()
  try {
    const server = await collectOn('postgres', videoIds, await cluster.createDatabase('bench_collect'), log)
    const idealMs = (VIDEOS * SERVICE_MS) / COLLECT_CONCURRENCY
    const reference: Row = {
      part: 'collect',
      measure: `direct: the same ${count(VIDEOS)} caption calls straight at the simulator, ${COLLECT_CONCURRENCY} at a time`,
      value: `${(direct / 1000).toFixed(1)} s`,
      compare: `ideal ${(idealMs / 1000).toFixed(1)} s: the service's own time, nothing in between`,
      ratio: ratio(direct, idealMs),
    }
    return {
      rows: [reference, ...embedded.rows, ...server.rows],
      data: {
        videos: VIDEOS,
        serviceMs: SERVICE_MS,
        concurrency: COLLECT_CONCURRENCY,
        directMs: direct,
        pglite: embedded.data,
        postgres: server.data,
      },
    }
  } finally {
    await cluster.stop()
  }
}
