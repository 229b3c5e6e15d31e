/**
 * The function's overhead: the same search straight to the standalone simulator and through the function
 * (live mode, over HTTP), on the cache-miss path (every request distinct) and the cache-hit path (one request
 * repeated), at 1, 16 and 128 connections. Simulator, function and load generator are separate processes.
 * Twice over: with the simulator answering at once on loopback (the function's own cost laid bare, set
 * against the simulator's), and with it answering `serviceMs` late like a service across a network, the
 * premise of the 10% target. docs/decisions/0091-bench-overhead-and-money.md
 */
import { readFileSync } from 'node:fs'
import { SIMULATOR_TOKEN } from '#simulator/token.ts'
import { fire, type CannonRun } from '../lib/cannon.ts'
import type { ChildServer } from '../lib/processes.ts'
import { count, ms, ratio, type PartOutcome, type Row } from '../lib/report.ts'
import { startPostgresCluster, type PostgresCluster } from '#server/testing/postgres-cluster.ts'
import {
  ledgerTotals,
  simulatorStats,
  startFunctionProcess,
  startSimulatorProcess,
  tempDir,
  whenSettled,
} from '../lib/servers.ts'

const CONNECTIONS = [1, 16, 128] as const
const SECONDS = 4
const WARMUP_SECONDS = 2
const PARIS = '48.8566,2.3522'
/** The hit path asks this one question again and again (10 km, like the distinct radii around it). */
const HIT_QUERY = `location=${PARIS}&locationRadius=10km&type=video`
const TARGET_OVERHEAD = 1.1
const TARGET_HIT_SPEEDUP = 5
export const DEFAULT_SERVICE_MS = 100

/** direct/miss/hit: loopback, the function on its embedded database (PGlite under DATA_DIR, as npm start runs it);
 *  missPg/hitPg: the same on a Postgres server (DATABASE_URL); directNet/missNet: the simulator answering serviceMs
 *  late, the function on PGlite. */
const SCENARIOS = ['direct', 'miss', 'hit', 'missPg', 'hitPg', 'directNet', 'missNet'] as const
type Scenario = (typeof SCENARIOS)[number]
type Measured = CannonRun & { cpu?: { fnMsPerRequest: number; simMsPerRequest: number } }

/** Waits until the servers have finished what the last run left in flight, so it does not slow the next one. */
function settle(sims: ChildServer[], functions: ChildServer[]): Promise<unknown> {
  return whenSettled(
    async () => [
      ...(await Promise.all(sims.map(async (s) => (await simulatorStats(s)).calls))),
      ...(await Promise.all(functions.map(async (f) => (await ledgerTotals(f)).totals))),
    ],
    1500,
    60_000,
  )
}

/** CPU time (user + system, ms) a process has used, from /proc; undefined where there is no /proc. */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return undefined
  }
}

export async function runOverhead(
  log: (line: string) => void,
  opts: { serviceMs?: number } = {},
): Promise<PartOutcome> {
  const serviceMs = opts.serviceMs ?? DEFAULT_SERVICE_MS
  const cache = tempDir('overhead')
  const servers: ChildServer[] = []
  let cluster: PostgresCluster | undefined
  try {
    cluster = await startPostgresCluster()
    const sim = await startSimulatorProcess()
    servers.push(sim)
    const simNet = await startSimulatorProcess({ serviceMs })
    servers.push(simNet)
    const fn = await startFunctionProcess({ simulator: sim, cacheDir: `${cache.path}/files` })
    servers.push(fn)
    const fnPg = await startFunctionProcess({
      simulator: sim,
      cacheDir: `${cache.path}/unused`,
      env: { DATABASE_URL: await cluster.createDatabase('overhead') },
    })
    servers.push(fnPg)
    const fnNet = await startFunctionProcess({ simulator: simNet, cacheDir: `${cache.path}/files-net` })
    servers.push(fnNet)
    const functions = [fn, fnPg, fnNet]
    for (const f of functions) {
      const health = (await (await fetch(`${f.origin}/api/health`)).json()) as { mode: string }
      if (health.mode !== 'live')
        throw new Error(`the function should be in live mode against the simulator, it says ${health.mode}`)
    }

    // One counter for the whole run: a radius is never asked twice, so the function's cache cannot answer.
    let n = 0
    const distinct = (prefix: string) => () =>
      `${prefix}/search?location=${PARIS}&locationRadius=${(10 + ++n / 1e6).toFixed(6)}km&type=video`
    const auth = { Authorization: `Bearer ${SIMULATOR_TOKEN}` }
    const targets: Record<
      Scenario,
      {
        url: string
        headers?: Record<string, string>
        nextPath: () => string
        fn?: ChildServer
        sim: ChildServer
      }
    > = {
      direct: { url: sim.origin, headers: auth, nextPath: distinct(''), sim },
      miss: { url: fn.origin, nextPath: distinct('/api'), fn, sim },
      hit: { url: fn.origin, nextPath: () => `/api/search?${HIT_QUERY}`, fn, sim },
      missPg: { url: fnPg.origin, nextPath: distinct('/api'), fn: fnPg, sim },
      hitPg: { url: fnPg.origin, nextPath: () => `/api/search?${HIT_QUERY}`, fn: fnPg, sim },
      directNet: { url: simNet.origin, headers: auth, nextPath: distinct(''), sim: simNet },
      missNet: { url: fnNet.origin, nextPath: distinct('/api'), fn: fnNet, sim: simNet },
    }
    for (const f of [fn, fnPg]) {
      const first = await fetch(`${f.origin}/api/search?${HIT_QUERY}`)
      if (!first.ok) throw new Error(`the hit path's request failed: ${first.status} ${await first.text()}`)
    }

    const sims = [sim, simNet]
    for (const s of SCENARIOS) {
      log(`  warming up ${s}…`)
      await fire({ ...targets[s], connections: 16, seconds: WARMUP_SECONDS })
      await settle(sims, functions)
    }
    const runs = Object.fromEntries(SCENARIOS.map((s) => [s, [] as Measured[]])) as Record<
      Scenario,
      Measured[]
    >
    // Interleaved per connection count, so a change in the machine's load touches every scenario alike.
    for (const connections of CONNECTIONS) {
      for (const s of SCENARIOS) {
        const t = targets[s]
        const before = [t.fn ? cpuMs(t.fn.pid) : 0, cpuMs(t.sim.pid)]
        const run: Measured = await fire({ ...t, connections, seconds: SECONDS })
        const after = [t.fn ? cpuMs(t.fn.pid) : 0, cpuMs(t.sim.pid)]
        if (run.requests && before.every((v) => v !== undefined) && after.every((v) => v !== undefined)) {
          run.cpu = {
            fnMsPerRequest: (after[0]! - before[0]!) / run.requests,
            simMsPerRequest: (after[1]! - before[1]!) / run.requests,
          }
        }
        await settle(sims, functions)
        const cpu = run.cpu
          ? `, CPU/request function ${ms(run.cpu.fnMsPerRequest)} simulator ${ms(run.cpu.simMsPerRequest)}`
          : ''
        log(
          `  ${s.padEnd(9)} ${String(connections).padStart(3)} conn: p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${Math.round(run.rps)} req/s, non-2xx ${run.non2xx}, errors ${run.errors}, X-Cache ${JSON.stringify(run.cache)}${cpu}`,
        )
        runs[s].push(run)
      }
    }
    return {
      rows: rowsOf(runs, serviceMs),
      data: { seconds: SECONDS, connections: CONNECTIONS, scenarios: SCENARIOS, serviceMs, runs },
    }
  } finally {
    for (const s of servers.reverse()) await s.stop()
    await cluster?.stop()
    cache.remove()
  }
}

function rowsOf(runs: Record<Scenario, Measured[]>, serviceMs: number): Row[] {
  const rows: Row[] = []
  CONNECTIONS.forEach((c, i) => {
    const [direct, miss, hit, missPg, hitPg, directNet, missNet] = SCENARIOS.map(
      (s) => runs[s][i]!,
    ) as Measured[] as [Measured, Measured, Measured, Measured, Measured, Measured, Measured]
    const all = [direct, miss, hit, missPg, hitPg, directNet, missNet]
    const clean =
      all.every((r) => r.non2xx === 0 && r.errors === 0) &&
      !miss.cache.HIT &&
      !missPg.cache.HIT &&
      !missNet.cache.HIT &&
      !hit.cache.MISS &&
      !hitPg.cache.MISS
    const flag = clean ? '' : ' ⚠'
    const none = `no answer within ${SECONDS} s`
    const both = (r: CannonRun) => (r.requests ? `${ms(r.p50)} (p99 ${ms(r.p99)})` : none)
    rows.push({
      part: 'overhead',
      measure: `${c} conn: p50 through/direct, miss, service ${serviceMs} ms away${flag}`,
      value: both(missNet),
      compare: `${both(directNet)} direct`,
      ratio: ratio(missNet.p50, directNet.p50),
      target: `< ${TARGET_OVERHEAD.toFixed(2)}×`,
      met: missNet.p50 / directNet.p50 < TARGET_OVERHEAD && clean,
    })
    rows.push({
      part: 'overhead',
      measure: `${c} conn: p50 through/direct, miss, loopback (service answers at once)${flag}`,
      value: both(miss),
      compare: `${both(direct)} direct`,
      ratio: ratio(miss.p50, direct.p50),
      target: 'reported',
    })
    rows.push({
      part: 'overhead',
      measure: `${c} conn: throughput through/direct, miss, loopback`,
      value: `${count(Math.round(miss.rps))} req/s`,
      compare: `${count(Math.round(direct.rps))} req/s direct`,
      ratio: ratio(miss.rps, direct.rps),
    })
    if (miss.cpu && direct.cpu) {
      rows.push({
        part: 'overhead',
        measure: `${c} conn: CPU per paid call, loopback`,
        value: `function ${ms(miss.cpu.fnMsPerRequest)}`,
        compare: `simulator ${ms(direct.cpu.simMsPerRequest)} (direct)`,
        ratio: ratio(miss.cpu.fnMsPerRequest, direct.cpu.simMsPerRequest),
      })
    }
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
      measure: `${c} conn: same on a Postgres server (DATABASE_URL), loopback`,
      value: `miss ${ms(missPg.p50)} = ${ratio(missPg.p50, direct.p50)} direct`,
      compare: `hit ${ms(hitPg.p50)}`,
      ratio: `${ratio(missPg.p50, hitPg.p50, 1)} miss/hit`,
    })
  })
  return rows
}
