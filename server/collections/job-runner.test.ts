/** The runner's own rules: bounded concurrency, a quiet log while the database is down, a clean stop. */
import { describe, expect, it, vi } from 'vitest'
import { num, StorageUnavailable, type Database } from '../db/database.ts'
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
    // Four items reserve their price (two per slot), the last two just before they wait for a slot: with two calls
    // held at the service, neither of them can be sent.
    const reserved = async () =>
      num((await h.db.query('SELECT count(*)::int AS n FROM collect_items WHERE reserved_micro > 0'))[0]?.n)
    await vi.waitFor(async () => expect(await reserved()).toBe(4), { timeout: 15_000, interval: 20 })
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
    let asked = 0
    const failing = {
      kind: 'pglite',
      query: () => (asked++, Promise.reject(new StorageUnavailable('the database is down'))),
      transaction: () => (asked++, Promise.reject(new StorageUnavailable('the database is down'))),
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
    // Ten polls have failed (one database call each) before the log is read.
    await vi.waitFor(() => expect(asked).toBeGreaterThanOrEqual(10), { timeout: 10_000, interval: 10 })
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
    let inWriter = 0
    // The runner reads the writer's backlog (and so isStarting) at each poll, before deciding to claim.
    let polls = 0
    const stuck: CueVectors = {
      track: async () => (inWriter++, await g.opened, undefined),
      warm: () => undefined,
      isReady: () => true,
      isStarting: () => (polls++, false),
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
    const claimed = async () =>
      num((await h.db.query("SELECT count(*)::int AS n FROM collect_items WHERE state = 'running'"))[0]?.n)
    // The backlog is full: from now on no poll may claim.
    await vi.waitFor(() => expect(inWriter).toBeGreaterThanOrEqual(BACKLOG_PER_SLOT), { timeout: 15_000 })
    // Polls begun after that: the one running then (and any claim it made) has ended.
    const seenPolls = polls
    await vi.waitFor(() => expect(polls).toBeGreaterThanOrEqual(seenPolls + 3), { timeout: 5_000 })
    // Every item claimed has had its answer fetched and handed to the writer, and nothing more is claimed.
    await vi.waitFor(async () => expect(inWriter).toBe(await claimed()), { timeout: 15_000 })
    expect(calls()).toBe(inWriter)
    // Claiming stops once BACKLOG_PER_SLOT answers wait; the item already waiting for the slot (two items per slot)
    // still goes: never more than one past the backlog, far from the twenty queued.
    expect(inWriter).toBeGreaterThanOrEqual(BACKLOG_PER_SLOT)
    expect(inWriter).toBeLessThanOrEqual(BACKLOG_PER_SLOT + 1)
    g.open()
    await vi.waitFor(() => expect(calls()).toBe(ids.length), { timeout: 30_000, interval: 20 })
    await runner.stop()
    expect(calls()).toBe(ids.length)
  })
})
