/** The runner's own rules: bounded concurrency, a quiet log while the database is down, a clean stop. */
import { describe, expect, it } from 'vitest'
import { StorageUnavailable, type Database } from '../db/database.ts'
import type { Gateway } from '../gateway.ts'
import { disposedAfterEach, gate, spendHarness } from '../testing/spend-harness.ts'
import type { CueVectors } from './cue-vectors/cue-vector-worker.ts'
import { BACKLOG_PER_SLOT, startJobRunner } from './job-runner.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) })

describe('collect job runner', () => {
  const track = disposedAfterEach()

  it('keeps at most COLLECT_CONCURRENCY tracks in progress', async () => {
    const g = gate()
    const h = track(spendHarness({ hold: g.opened, env: { COLLECT_CONCURRENCY: '2' } }))
    const ids = ['ccccccccc01', 'ccccccccc02', 'ccccccccc03', 'ccccccccc04', 'ccccccccc05']
    const c = (await (await h.request('/api/collections', post({ name: 'x', videoIds: ids }))).json()) as {
      id: string
    }
    await h.request(`/api/collections/${c.id}/collect`, post({ maxUsd: 1 }))
    await sleep(1500) // several polls: none may take a third track while two are held
    expect(h.seen.filter((r) => new URL(r.url).pathname.startsWith('/captions/'))).toHaveLength(2)
    g.open()
  })

  it('refreshes the corpus statistics once the work runs out: the word counts are all-visible for index-only reads', async () => {
    const h = track(spendHarness({}))
    const ids = ['ccccccccc11', 'ccccccccc12', 'ccccccccc13']
    const c = (await (await h.request('/api/collections', post({ name: 'x', videoIds: ids }))).json()) as {
      id: string
    }
    await h.request(`/api/collections/${c.id}/collect`, post({ maxUsd: 1 }))
    const visible = async () =>
      Number(
        (
          await h.db.query<{ n: unknown }>(
            "SELECT relallvisible AS n FROM pg_class WHERE relname = 'corpus_track_terms'",
          )
        )[0]?.n,
      )
    const deadline = Date.now() + 15_000
    while ((await visible()) === 0 && Date.now() < deadline) await sleep(100)
    expect(await visible()).toBeGreaterThan(0)
    const [terms] = await h.db.query<{ n: unknown }>('SELECT count(*) AS n FROM corpus_track_terms')
    expect(Number(terms?.n)).toBeGreaterThan(0)
  })

  it('logs a database that keeps failing once, not at every poll, and stops cleanly', async () => {
    const logs: string[] = []
    const failing = {
      kind: 'pglite',
      query: () => Promise.reject(new StorageUnavailable('the database is down')),
      transaction: () => Promise.reject(new StorageUnavailable('the database is down')),
    } as unknown as Database
    const runner = startJobRunner({
      db: failing,
      gateway: {} as Gateway,
      source: 'demo',
      now: Date.now,
      concurrency: 4,
      leaseMs: 1000,
      pollMs: 10,
      log: (l) => logs.push(l),
    })
    await sleep(300)
    await runner.stop()
    expect(logs).toEqual(['[collect] looking for work failed: the database is down'])
  })

  it('keeps claiming while the writer is behind, up to BACKLOG_PER_SLOT answers per slot, then waits for it', async () => {
    const g = gate()
    // This harness's own runner collects nothing: the test's runner, with one slot, does.
    const h = track(spendHarness({ env: { COLLECT_CONCURRENCY: '0' } }))
    const ids = Array.from({ length: 20 }, (_, i) => `ccccccccd${String(i).padStart(2, '0')}`)
    const c = (await (await h.request('/api/collections', post({ name: 'x', videoIds: ids }))).json()) as {
      id: string
    }
    expect((await h.request(`/api/collections/${c.id}/collect`, post({ maxUsd: 1 }))).status).toBe(202)
    // The writer's tracks wait until the gate opens: every fetched answer stays in its backlog.
    const stuck: CueVectors = {
      track: async () => (await g.opened, undefined),
      warm: () => undefined,
      isReady: () => true,
      isStarting: () => false,
      close: async () => undefined,
    }
    const runner = startJobRunner({
      db: h.db,
      gateway: h.gateway,
      source: h.config.source,
      now: Date.now,
      concurrency: 1,
      leaseMs: 30_000,
      pollMs: 10,
      cueVectors: stuck,
      log: () => undefined,
    })
    const calls = () => h.seen.filter((r) => new URL(r.url).pathname.startsWith('/captions/')).length
    const deadline = Date.now() + 10_000
    while (calls() < BACKLOG_PER_SLOT && Date.now() < deadline) await sleep(20)
    await sleep(500) // many polls: none may claim past the backlog
    expect(calls()).toBe(BACKLOG_PER_SLOT)
    g.open()
    while (calls() < ids.length && Date.now() < deadline + 20_000) await sleep(20)
    await runner.stop()
    expect(calls()).toBe(ids.length)
  })
})
