/** The servers the benchmarks run against, each in its own process (bench/lib/processes.ts). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SIMULATOR_TOKEN } from '#simulator/token.ts'
import type { SimulatorStats } from '#simulator/stats.ts'
import type { SpendReport } from '#server/spend/ledger.ts'
import type { MemoryReport } from './function-process.ts'
import { readyJson, startNodeProcess, type ChildServer } from './processes.ts'

/** Far above any load we generate: the paid-call limit must not be what a benchmark measures. */
const UNLIMITED_PAID_CALLS = '1000000000'

export function tempDir(label: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `poix-bench-${label}-`))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

/** serviceMs: every answer that many milliseconds late, like a service across a network. */
export function startSimulatorProcess(opts: { serviceMs?: number } = {}): Promise<ChildServer> {
  const env = opts.serviceMs ? { BENCH_SERVICE_MS: String(opts.serviceMs) } : {}
  return startNodeProcess({
    name: 'simulator',
    script: 'bench/lib/simulator-process.ts',
    env,
    ready: readyJson('simulator'),
    timeoutMs: 60_000,
  })
}

export async function simulatorStats(sim: ChildServer): Promise<SimulatorStats> {
  const res = await fetch(`${sim.origin}/__bench/stats`)
  if (!res.ok) throw new Error(`the simulator's stats answered ${res.status}`)
  return (await res.json()) as SimulatorStats
}

/** The function in live mode against the simulator over HTTP, with its own cache directory. */
export function startFunctionProcess(opts: {
  simulator: ChildServer
  cacheDir: string
  env?: Record<string, string>
}): Promise<ChildServer> {
  return startNodeProcess({
    name: 'function',
    script: 'bench/lib/function-process.ts',
    nodeArgs: ['--expose-gc'],
    ipc: true,
    env: {
      DATA_API_URL: opts.simulator.origin,
      DATA_API_TOKEN: SIMULATOR_TOKEN,
      DATA_DIR: opts.cacheDir,
      // The function's own costs are measured: a backup at start would hold the engine for its first second.
      BACKUP_KEEP: '0',
      PAID_CALLS_PER_MINUTE: UNLIMITED_PAID_CALLS,
      DIST_DIR: join(opts.cacheDir, 'no-spa'), // API only: no static files are served
      DASHBOARD_PASSWORD: '',
      BUDGET_USD: '',
      ...opts.env,
    },
    ready: readyJson('function'),
    timeoutMs: 60_000,
  })
}

/** RSS and heap after a full GC, reported by the function process itself. */
export function functionMemory(fn: ChildServer, timeoutMs = 15_000): Promise<MemoryReport> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      fn.child.off('message', onMessage)
      reject(new Error('the function did not report its memory in time'))
    }, timeoutMs)
    const onMessage = (msg: unknown) => {
      clearTimeout(timer)
      resolve(msg as MemoryReport)
    }
    fn.child.once('message', onMessage)
    fn.child.send('memory')
  })
}

/**
 * `npm start` (scripts/start.ts) on a free port in demo mode, serving the SPA built in distDir.
 * Its build check would rebuild into distDir if someone edits src/ meanwhile; the caller marks its build fresh.
 */
export function startProductionServer(opts: {
  distDir: string
  cacheDir: string
  env?: Record<string, string>
}): Promise<ChildServer> {
  return startNodeProcess({
    name: 'production server (scripts/start.ts)',
    script: 'scripts/start.ts',
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      DIST_DIR: opts.distDir,
      DATA_DIR: opts.cacheDir,
      DATA_API_TOKEN: '',
      DASHBOARD_PASSWORD: '',
      BUDGET_USD: '',
      PAID_CALLS_PER_MINUTE: UNLIMITED_PAID_CALLS,
      ...opts.env,
    },
    ready: (line) => {
      const m = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(line)
      return m ? Number(m[1]) : undefined
    },
    timeoutMs: 240_000,
  })
}

/**
 * Waits until snapshot() has returned the same value for stableMs: the servers have finished what a load left
 * in flight (their counters stop moving). Returns the last value; throws after limitMs.
 */
export async function whenSettled<T>(
  snapshot: () => Promise<T>,
  stableMs: number,
  limitMs: number,
): Promise<T> {
  const deadline = Date.now() + limitMs
  let last = ''
  let stableSince = Date.now()
  while (Date.now() < deadline) {
    const value = await snapshot()
    const key = JSON.stringify(value)
    if (key !== last) stableSince = Date.now()
    else if (Date.now() - stableSince >= stableMs) return value
    last = key
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the servers were still busy ${Math.round(limitMs / 1000)} s after the load stopped`)
}

/** The ledger's totals, as GET /api/spend reports them. */
export async function ledgerTotals(fn: ChildServer): Promise<SpendReport> {
  const res = await fetch(`${fn.origin}/api/spend?limit=1`)
  if (!res.ok) throw new Error(`GET /api/spend answered ${res.status}`)
  return (await res.json()) as SpendReport
}
