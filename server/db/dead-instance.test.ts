/**
 * kill -9 of one of two function processes on one Postgres database while it pays for a call (docs/decisions/0186):
 * the other answers the same request within 10 s with exactly one more call to the service, instead of waiting for
 * the dead one's lease (UPSTREAM_TIMEOUT_MS + 10 s); the cut-off call is `interrupted`, and a claim nobody asks for
 * again is ended by the next instance that starts (once it has beaten for the stale window itself). Every process started here is stopped by its PID.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { simulatorStats, startFunctionProcess, startSimulatorProcess } from '../../bench/lib/servers.ts'
import type { ChildServer } from '../../bench/lib/processes.ts'
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster.ts'
import { withPgClient } from '../testing/stored-data.ts'
import { num } from './database.ts'

const IN_CI = process.env.CI === 'true' || process.env.CI === '1'
const describePostgres = postgresBinDir() || IN_CI ? describe : describe.skip
/** Every answer of the service this late: the call is in flight long enough to be cut off. */
const SERVICE_MS = 2000

const started = new Set<ChildServer>()
let cluster: PostgresCluster | undefined
const folder = mkdtempSync(join(tmpdir(), 'poix-dead-instance-'))

afterAll(async () => {
  await Promise.all([...started].map((s) => s.stop()))
  await cluster?.stop()
  rmSync(folder, { recursive: true, force: true })
}, 60_000)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const path = (radius: string) => `/api/search?location=48.8566,2.3522&locationRadius=${radius}&type=video`

async function track(p: Promise<ChildServer>): Promise<ChildServer> {
  const s = await p
  started.add(s)
  return s
}

async function kill9(s: ChildServer): Promise<void> {
  const gone = new Promise((resolve) => s.child.once('exit', resolve))
  process.kill(s.pid, 'SIGKILL')
  await gone
  started.delete(s)
}

/** Ledger rows' radius and status, by radius then age, read from the database itself. */
const statuses = (url: string) =>
  withPgClient(url, async (q) => {
    const rows = await q.query<{ path: string; params: Record<string, string>; status: string }>(
      "SELECT path, params, status FROM ledger ORDER BY params->>'locationRadius', id",
    )
    return rows.map((r) => `${r.params.locationRadius} ${r.status}`)
  })

describePostgres('kill -9 of an instance paying for a call, on Postgres', () => {
  it('the other instance answers the same request within 10 s, paying once more; the cut-off call is interrupted', async () => {
    cluster = await startPostgresCluster()
    const url = await cluster.createDatabase()
    const sim = await track(startSimulatorProcess({ serviceMs: SERVICE_MS }))
    const env = { DATABASE_URL: url, BUDGET_USD: '1' }
    const [a, b] = await Promise.all([
      track(startFunctionProcess({ simulator: sim, cacheDir: join(folder, 'a'), env })),
      track(startFunctionProcess({ simulator: sim, cacheDir: join(folder, 'b'), env })),
    ])

    // A pays for two calls; it dies while both are with the service.
    const cutOff = [path('21km'), path('22km')].map((p) => fetch(`${a.origin}${p}`).catch(() => undefined))
    for (let i = 0; (await statuses(url)).length < 2; i++) {
      if (i > 200) throw new Error('A’s calls never got their ledger rows')
      await sleep(20)
    }
    await sleep(200)
    await kill9(a)
    await Promise.all(cutOff)
    expect(await statuses(url)).toEqual(['21km pending', '22km pending'])

    // B is asked the first of them: it ends the dead instance's claim and pays for it once more.
    const t0 = performance.now()
    const res = await fetch(`${b.origin}${path('21km')}`)
    const seconds = (performance.now() - t0) / 1000
    await res.text()
    const stats = await simulatorStats(sim)
    console.log(
      `[dead instance] the same request on the other instance answered ${res.status} in ${seconds.toFixed(1)} s ` +
        `(service ${SERVICE_MS} ms, INSTANCE_STALE_SECONDS 5; before: the dead claim's lease, UPSTREAM_TIMEOUT_MS + 10 s); service calls ${stats.calls}`,
    )
    expect(res.status).toBe(200)
    expect(seconds).toBeLessThan(10)
    expect(stats.calls).toBe(3) // A's two, and exactly one more
    const afterB = await statuses(url)
    expect(afterB.slice(0, 2)).toEqual(['21km interrupted', '21km charged'])
    // The other claim nobody asked for: still pending, unless B's own start-up check came after A's death.
    expect(['22km pending', '22km interrupted']).toContain(afterB[2])

    // With no other instance left, a claim another dead one left is ended by the next instance to start.
    await b.stop()
    started.delete(b)
    const a2 = await track(startFunctionProcess({ simulator: sim, cacheDir: join(folder, 'a2'), env }))
    const lost = fetch(`${a2.origin}${path('23km')}`).catch(() => undefined)
    for (let i = 0; !(await statuses(url)).includes('23km pending'); i++) {
      if (i > 200) throw new Error('the second instance’s call never got its ledger row')
      await sleep(20)
    }
    await kill9(a2)
    await lost
    const c = await track(startFunctionProcess({ simulator: sim, cacheDir: join(folder, 'c'), env }))
    for (let i = 0; !(await statuses(url)).includes('23km interrupted'); i++) {
      if (i > 200) throw new Error(`the claim left was never ended: ${String(await statuses(url))}`)
      await sleep(100)
    }
    expect(await statuses(url)).toEqual([
      '21km interrupted',
      '21km charged',
      '22km interrupted',
      '23km interrupted',
    ])
    // The budget still holds the three interrupted calls' prices, beside B's charge.
    const spent = await withPgClient(url, async (q) => {
      const [row] = await q.query('SELECT spent_micro FROM budget')
      return num(row?.spent_micro)
    })
    expect(spent).toBe(4 * 2030)
    const report = (await (await fetch(`${c.origin}/api/spend`)).json()) as {
      totals: { interruptedCalls: number; interruptedUsd: number }
    }
    expect(report.totals).toMatchObject({ interruptedCalls: 3, interruptedUsd: 3 * 0.00203 })
  }, 180_000)
})
