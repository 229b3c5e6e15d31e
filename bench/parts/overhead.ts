/**
 * The function's overhead: the same search straight to the standalone simulator and through the function
 * (live mode, over HTTP), on the cache-miss path (every request distinct) and the cache-hit path (one request
 * repeated), at 1, 16 and 128 connections. Simulator, function and load generator are three processes.
 * docs/decisions/0091-bench-overhead-and-money.md
 */
import { SIMULATOR_TOKEN } from '../../server/simulator/token.ts'
import { fire, type CannonRun } from '../lib/cannon.ts'
import type { ChildServer } from '../lib/processes.ts'
import { count, ms, ratio, type PartOutcome, type Row } from '../lib/report.ts'
import { ledgerTotals, simulatorStats, startFunctionProcess, startSimulatorProcess, tempDir, whenSettled } from '../lib/servers.ts'

const CONNECTIONS = [1, 16, 128] as const
const SECONDS = 4
const WARMUP_SECONDS = 2
const PARIS = '48.8566,2.3522'
/** The hit path asks this one question again and again (10 km, like the distinct radii around it). */
const HIT_QUERY = `location=${PARIS}&locationRadius=10km&type=video`
const TARGET_OVERHEAD = 1.1
const TARGET_HIT_SPEEDUP = 5

/** direct: the simulator; miss/hit: through the function with its file store (as npm start runs it);
 *  missMem/hitMem: the same with CACHE_DIR=:memory:, to tell the function's own cost from its storage's. */
const SCENARIOS = ['direct', 'miss', 'hit', 'missMem', 'hitMem'] as const
type Scenario = (typeof SCENARIOS)[number]

/** Waits until the servers have finished what the last run left in flight, so it does not slow the next one. */
function settle(sim: ChildServer, functions: ChildServer[]): Promise<unknown> {
  return whenSettled(async () => [(await simulatorStats(sim)).calls, ...(await Promise.all(functions.map(async (f) => (await ledgerTotals(f)).totals)))], 1500, 60_000)
}

export async function runOverhead(log: (line: string) => void): Promise<PartOutcome> {
  const cache = tempDir('overhead')
  const servers: ChildServer[] = []
  try {
    const sim = await startSimulatorProcess()
    servers.push(sim)
    const fn = await startFunctionProcess({ simulator: sim, cacheDir: cache.path })
    servers.push(fn)
    const fnMem = await startFunctionProcess({ simulator: sim, cacheDir: ':memory:' })
    servers.push(fnMem)
    for (const f of [fn, fnMem]) {
      const health = (await (await fetch(`${f.origin}/api/health`)).json()) as { mode: string }
      if (health.mode !== 'live') throw new Error(`the function should be in live mode against the simulator, it says ${health.mode}`)
    }

    // One counter for the whole run: a radius is never asked twice, so the function's cache cannot answer.
    let n = 0
    const distinct = (prefix: string) => () => `${prefix}/search?location=${PARIS}&locationRadius=${(10 + ++n / 1e6).toFixed(6)}km&type=video`
    const targets: Record<Scenario, { url: string; headers?: Record<string, string>; nextPath: () => string }> = {
      direct: { url: sim.origin, headers: { Authorization: `Bearer ${SIMULATOR_TOKEN}` }, nextPath: distinct('') },
      miss: { url: fn.origin, nextPath: distinct('/api') },
      hit: { url: fn.origin, nextPath: () => `/api/search?${HIT_QUERY}` },
      missMem: { url: fnMem.origin, nextPath: distinct('/api') },
      hitMem: { url: fnMem.origin, nextPath: () => `/api/search?${HIT_QUERY}` },
    }
    for (const f of [fn, fnMem]) {
      const first = await fetch(`${f.origin}/api/search?${HIT_QUERY}`)
      if (!first.ok) throw new Error(`the hit path's request failed: ${first.status} ${await first.text()}`)
    }

    for (const s of SCENARIOS) {
      log(`  warming up ${s}…`)
      await fire({ ...targets[s], connections: 16, seconds: WARMUP_SECONDS })
      await settle(sim, [fn, fnMem])
    }
    const runs = Object.fromEntries(SCENARIOS.map((s) => [s, [] as CannonRun[]])) as Record<Scenario, CannonRun[]>
    // Interleaved per connection count, so a change in the machine's load touches every scenario alike.
    for (const connections of CONNECTIONS) {
      for (const s of SCENARIOS) {
        const run = await fire({ ...targets[s], connections, seconds: SECONDS })
        await settle(sim, [fn, fnMem])
        log(`  ${s.padEnd(7)} ${String(connections).padStart(3)} conn: p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${Math.round(run.rps)} req/s, non-2xx ${run.non2xx}, errors ${run.errors}, X-Cache ${JSON.stringify(run.cache)}`)
        runs[s].push(run)
      }
    }
    return { rows: rowsOf(runs), data: { seconds: SECONDS, connections: CONNECTIONS, scenarios: SCENARIOS, runs } }
  } finally {
    for (const s of servers.reverse()) await s.stop()
    cache.remove()
  }
}

function rowsOf(runs: Record<Scenario, CannonRun[]>): Row[] {
  const rows: Row[] = []
  CONNECTIONS.forEach((c, i) => {
    const [direct, miss, hit, missMem, hitMem] = SCENARIOS.map((s) => runs[s][i]!) as [CannonRun, CannonRun, CannonRun, CannonRun, CannonRun]
    const all = [direct, miss, hit, missMem, hitMem]
    const clean = all.every((r) => r.non2xx === 0 && r.errors === 0) && !miss.cache.HIT && !missMem.cache.HIT && !hit.cache.MISS && !hitMem.cache.MISS
    const flag = clean ? '' : ' ⚠'
    const none = `no answer within ${SECONDS} s`
    const both = (r: CannonRun) => (r.requests ? `${ms(r.p50)} (p99 ${ms(r.p99)})` : none)
    rows.push({
      part: 'overhead',
      measure: `${c} conn: p50 through/direct, miss${flag}`,
      value: both(miss),
      compare: `${both(direct)} direct`,
      ratio: ratio(miss.p50, direct.p50),
      target: `< ${TARGET_OVERHEAD.toFixed(2)}×`,
      met: miss.p50 / direct.p50 < TARGET_OVERHEAD && clean,
    })
    rows.push({ part: 'overhead', measure: `${c} conn: throughput through/direct, miss`, value: `${count(Math.round(miss.rps))} req/s`, compare: `${count(Math.round(direct.rps))} req/s direct`, ratio: ratio(miss.rps, direct.rps) })
    rows.push({
      part: 'overhead',
      measure: `${c} conn: p50 miss/hit${flag}`,
      value: `${both(hit)}, ${count(Math.round(hit.rps))} req/s`,
      compare: `${both(miss)} miss`,
      ratio: ratio(miss.p50, hit.p50, 1),
      target: `hit ≥ ${TARGET_HIT_SPEEDUP}× faster`,
      met: miss.p50 / hit.p50 >= TARGET_HIT_SPEEDUP && clean,
    })
    rows.push({
      part: 'overhead',
      measure: `${c} conn: same with CACHE_DIR=:memory:`,
      value: `miss ${ms(missMem.p50)} = ${ratio(missMem.p50, direct.p50)} direct`,
      compare: `hit ${ms(hitMem.p50)}`,
      ratio: `${ratio(missMem.p50, hitMem.p50, 1)} miss/hit`,
    })
  })
  return rows
}
