import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createRuntime } from '../runtime.ts'
import { spendHarness } from '../testing/spend-harness.ts'
import { describeOnEngines, type EngineUnderTest } from '../testing/postgres-cluster.ts'
import { migrate } from './migrate.ts'
import { MIGRATIONS } from './migrations/index.ts'

const SEARCH = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'
const SEARCH_PRICE = 0.00203

const folders: string[] = []
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true })
})

/** Storage that outlives one runtime: a folder for the embedded engine, the test's database on a server. */
function lastingEnv(engine: EngineUnderTest): Record<string, string> {
  if (engine.kind === 'postgres') return engine.env()
  const dir = mkdtempSync(join(tmpdir(), 'poix-storage-'))
  folders.push(dir)
  return { DATA_DIR: dir }
}

describeOnEngines('storage', (engine) => {
  it('demo then live on the same storage: live answers come from the service, and the live budget holds no demo charge', async () => {
    const env = lastingEnv(engine)
    const demo = createRuntime({ config: loadConfig({ ...env, DATA_API_TOKEN: '' }), log: () => {} })
    const first = await demo.app.request(SEARCH)
    expect(first.status).toBe(200)
    expect(first.headers.get('X-Cache')).toBe('MISS')
    expect((await demo.app.request(SEARCH)).headers.get('X-Cache')).toBe('HIT')
    const demoBody = await first.text()
    await demo.dispose()

    const live = engine.track(spendHarness({ env: { ...env, BUDGET_USD: '1' } }))
    const answer = await live.request(SEARCH)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('X-Cache')).toBe('MISS') // the demo's cached copy was not served as the service's
    expect(live.seen).toHaveLength(1)
    expect(await answer.text()).not.toBe(demoBody)
    const report = await live.spend()
    expect(report.source).toEqual({ kind: 'live', label: 'https://api.poix.test' })
    expect(report.totals).toMatchObject({ spentUsd: SEARCH_PRICE, paidCalls: 1, cacheHits: 0 })
    expect(report.budget).toEqual({ capUsd: 1, spentUsd: SEARCH_PRICE, leftUsd: 1 - SEARCH_PRICE })
    expect(report.recent).toHaveLength(1)
    expect(report.bySource.map((s) => [s.kind, s.label, s.spentUsd, s.paidCalls, s.cacheHits])).toEqual([
      ['demo', 'demo simulator (invented data)', SEARCH_PRICE, 1, 1],
      ['live', 'https://api.poix.test', SEARCH_PRICE, 1, 0],
    ])
  })

  it('a flood of 50,000 cache hits grows the database by less than 1 MB', { timeout: 180_000 }, async () => {
    const h = engine.track(spendHarness({ env: { ...engine.env(), PAID_CALLS_PER_MINUTE: '1000000' } }))
    expect((await h.request(SEARCH)).headers.get('X-Cache')).toBe('MISS')
    await h.flush()
    const before = await h.db.sizeBytes()
    for (let i = 0; i < 50_000; i++) {
      const res = await h.request(SEARCH)
      if (res.headers.get('X-Cache') !== 'HIT') throw new Error(`request ${i} was not a hit`)
      await res.arrayBuffer()
      if (i % 5000 === 0) await h.flush() // the runtime writes its batches every second; a fast loop gets the same here
    }
    const report = await h.spend()
    expect(report.totals.cacheHits).toBe(50_000)
    expect(report.totals.paidCalls).toBe(1)
    expect(report.recent).toHaveLength(1)
    const grown = (await h.db.sizeBytes()) - before
    console.log(`[storage ${engine.kind}] 50,000 hits grew the database by ${grown} bytes`)
    expect(grown).toBeLessThan(1024 * 1024)
    expect(h.seen).toHaveLength(1)
  })

  it('migrations are versioned: applied once, and a schema newer than the code is refused', async () => {
    const h = engine.track(spendHarness({ env: engine.env() }))
    await h.ready
    expect(await migrate(h.db)).toEqual([]) // already applied at start
    const versions = await h.db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    )
    expect(versions.map((v) => Number(v.version))).toEqual(MIGRATIONS.map((m) => m.version))
    await h.db.query("INSERT INTO schema_migrations (version, name) VALUES (9999, 'from the future')")
    await expect(migrate(h.db)).rejects.toThrow(/schema is version 9999, newer than this dashboard knows/)
  })
})

it('a configuration that still names Redis is refused, naming what replaced it', () => {
  expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
    /REDIS_URL: Redis is no longer used.*DATABASE_URL/,
  )
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
    /DATABASE_URL: must be a Postgres connection URL/,
  )
})
