import { expect, it, vi } from 'vitest'
import { describeOnEngines, type EngineUnderTest } from '../testing/postgres-cluster.ts'
import type { LedgerEntry, SpendTotals } from './ledger.ts'
import { errorOf, gate, lastingStorage, spendHarness, testClock } from '../testing/spend-harness.ts'

const SEARCH = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'
const CAPTIONS = '/api/captions/dQw4w9WgXcQ?lang=en'
const DAY = 24 * 3_600_000
const NOTHING_PENDING = { pendingCalls: 0, pendingUsd: 0, interruptedCalls: 0, interruptedUsd: 0 }
const lasting = lastingStorage()

/** What /api/spend says the storage is: the embedded engine in memory, or the test's database on the server. */
function storageOf(engine: EngineUnderTest): string {
  if (engine.kind === 'pglite') return 'embedded Postgres (PGlite) in memory, lost on exit'
  const url = new URL(engine.env().DATABASE_URL!)
  return `Postgres server at 127.0.0.1:${url.port}${url.pathname}`
}

describeOnEngines('the ledger', (engine) => {
  it('records every paid call with what it cost; hits are counted, not listed', async () => {
    const clock = testClock()
    const h = engine.track(spendHarness({ env: engine.env(), now: clock.now }))
    await h.request(SEARCH)
    clock.advance(1000)
    expect((await h.request(SEARCH)).headers.get('X-Cache')).toBe('HIT')
    clock.advance(1000)
    await h.request(CAPTIONS)
    const report = await h.spend()
    expect(report.storage).toBe(storageOf(engine))
    expect(report.source).toEqual({ kind: 'live', label: 'https://api.poix.test' })
    expect(report.recent).toHaveLength(2) // the hit is a tally, not a row
    const [captions, paid] = report.recent as [LedgerEntry, LedgerEntry]
    expect(paid).toMatchObject({
      id: '1',
      at: '2026-01-05T12:00:00.000Z',
      operation: 'GET /search',
      path: '/search',
      params: { location: '48.8566,2.3522', locationRadius: '25km', type: 'video' },
      priceUsd: 0.00203,
      costUsd: 0.00203,
      savedUsd: 0,
      cache: 'MISS',
      state: 'charged',
      status: 200,
    })
    expect(paid.bytes).toBeGreaterThan(100)
    expect(captions).toMatchObject({
      id: '2',
      at: '2026-01-05T12:00:02.000Z',
      operation: 'GET /captions/{videoId}',
      path: '/captions/dQw4w9WgXcQ',
      params: { format: 'json', lang: 'en', mode: 'default' },
      cache: 'MISS',
      state: 'charged',
    })
    const totals: SpendTotals = {
      spentUsd: 0.00256,
      paidCalls: 2,
      cacheHits: 1,
      savedUsd: 0.00203,
      failedCalls: 0,
      ...NOTHING_PENDING,
    }
    expect(report.totals).toEqual(totals)
    expect(report.byOperation).toEqual([
      {
        operation: 'GET /search',
        spentUsd: 0.00203,
        paidCalls: 1,
        cacheHits: 1,
        savedUsd: 0.00203,
        failedCalls: 0,
        ...NOTHING_PENDING,
      },
      {
        operation: 'GET /captions/{videoId}',
        spentUsd: 0.00053,
        paidCalls: 1,
        cacheHits: 0,
        savedUsd: 0,
        failedCalls: 0,
        ...NOTHING_PENDING,
      },
    ])
    expect(report.bySource).toEqual([
      { source: 'live:https://api.poix.test', kind: 'live', label: 'https://api.poix.test', ...totals },
    ])
  })

  it('writes the row as pending before the call leaves, then settles it', async () => {
    const clock = testClock()
    const g = gate()
    const h = engine.track(spendHarness({ env: engine.env(), now: clock.now, hold: g.opened }))
    const answer = h.request(SEARCH)
    await vi.waitFor(() => expect(h.seen).toHaveLength(1), { timeout: 10_000 })
    const during = await h.spend()
    expect(during.recent).toHaveLength(1)
    expect(during.recent[0]).toMatchObject({
      id: '1',
      at: '2026-01-05T12:00:00.000Z',
      state: 'pending',
      status: 0,
      costUsd: 0,
      priceUsd: 0.00203,
    })
    expect(during.totals).toEqual({
      spentUsd: 0,
      paidCalls: 0,
      cacheHits: 0,
      savedUsd: 0,
      failedCalls: 0,
      pendingCalls: 1,
      pendingUsd: 0.00203,
      interruptedCalls: 0,
      interruptedUsd: 0,
    })
    clock.advance(1500) // the service takes its time: `at` is when the call was settled
    g.open()
    expect((await answer).status).toBe(200)
    const after = await h.spend()
    expect(after.recent[0]).toMatchObject({
      id: '1',
      at: '2026-01-05T12:00:01.500Z',
      state: 'charged',
      status: 200,
      costUsd: 0.00203,
    })
    expect(after.totals).toMatchObject({ spentUsd: 0.00203, paidCalls: 1, ...NOTHING_PENDING })
  })

  it('totals by day, split by operation, oldest day first', async () => {
    const clock = testClock()
    const h = engine.track(spendHarness({ env: engine.env(), now: clock.now }))
    await h.request(SEARCH)
    clock.advance(DAY)
    await h.request(CAPTIONS)
    await h.request('/api/popularVideos')
    await h.request('/api/popularVideos') // a hit, counted on its day
    const { byDay } = await h.spend()
    expect(byDay.map((d) => [d.day, d.spentUsd, d.paidCalls, d.cacheHits])).toEqual([
      ['2026-01-05', 0.00203, 1, 0],
      ['2026-01-06', 0.00066, 2, 1],
    ])
    expect(byDay[1]!.byOperation['GET /popularVideos']).toEqual({
      spentUsd: 0.00013,
      paidCalls: 1,
      cacheHits: 1,
      savedUsd: 0.00013,
      failedCalls: 0,
      ...NOTHING_PENDING,
    })
    expect(byDay[0]!.byOperation['GET /popularVideos']).toBeUndefined()
  })

  it('records failures: charged ones cost their price, refusals at the door cost nothing', async () => {
    const h = engine.track(
      spendHarness({
        env: engine.env(),
        answer: (req) =>
          new URL(req.url).pathname === '/search'
            ? new Response('no', { status: 500 })
            : new Response('{"message":"no balance"}', { status: 402 }),
      }),
    )
    await h.request(SEARCH)
    await h.request('/api/popularVideos')
    const report = await h.spend()
    expect(report.recent.map((e) => [e.operation, e.state, e.status, e.code, e.costUsd])).toEqual([
      ['GET /popularVideos', 'free failure', 402, 'balance_exhausted', 0],
      ['GET /search', 'charged failure', 502, 'upstream_error', 0.00203],
    ])
    expect(report.totals).toMatchObject({
      spentUsd: 0.00203,
      paidCalls: 1,
      failedCalls: 2,
      ...NOTHING_PENDING,
    })
  })

  it('loses no paid call and no hit when 60 paid calls and 40 hits land at once', async () => {
    const h = engine.track(spendHarness({ env: engine.env() }))
    const formats = ['json', 'srt', 'vtt', 'text']
    for (let i = 1; i <= 40; i++)
      expect((await h.request(`/api/captions/dQw4w9WgXcQ?lang=en&format=${formats[i % 4]}`)).status).toBe(200)
    const before = await h.spend(1000)
    expect(before.recent).toHaveLength(4) // one paid call per format, then 36 hits
    expect(before.totals).toMatchObject({ paidCalls: 4, cacheHits: 36 })
    const urls = [
      ...Array.from(
        { length: 60 },
        (_, i) => `/api/search?location=1,1&locationRadius=${i + 1}km&type=video`,
      ),
      ...Array.from({ length: 40 }, (_, i) => `/api/captions/dQw4w9WgXcQ?lang=en&format=${formats[i % 4]}`),
    ]
    const responses = await Promise.all(urls.map((u) => h.request(u)))
    expect(responses.every((r) => r.status === 200)).toBe(true)
    const report = await h.spend(1000)
    expect(report.recent).toHaveLength(64)
    expect(new Set(report.recent.map((e) => e.id)).size).toBe(64)
    expect(report.recent.every((e) => e.state === 'charged' && e.cache === 'MISS')).toBe(true)
    const search = report.byOperation.find((o) => o.operation === 'GET /search')!
    expect(search).toMatchObject({ paidCalls: 60, spentUsd: 0.1218, cacheHits: 0 })
    const captions = report.byOperation.find((o) => o.operation === 'GET /captions/{videoId}')!
    expect(captions).toMatchObject({ paidCalls: 4, cacheHits: 76 })
    expect(report.totals).toMatchObject({ paidCalls: 64, cacheHits: 76, ...NOTHING_PENDING })
  })

  it('answers recent entries newest first, 100 by default, up to limit (at most 1000)', async () => {
    const clock = testClock()
    const h = engine.track(spendHarness({ env: engine.env(), now: clock.now }))
    for (let i = 1; i <= 105; i++) {
      await h.request(`/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg&pageToken=p${i}`)
      if (i === 50) clock.advance(DAY) // entries spread over two days
    }
    const all = (await h.spend(1000)).recent
    expect(all).toHaveLength(105)
    expect(all[0]!.params.pageToken).toBe('p105')
    expect(all[0]!.id).toBe('105')
    expect(all[104]!.params.pageToken).toBe('p1')
    expect((await h.spend()).recent).toHaveLength(100)
    expect((await h.spend(3)).recent.map((e) => e.params.pageToken)).toEqual(['p105', 'p104', 'p103'])
    for (const bad of ['0', '1001', 'ten', '-1', '5.5']) {
      const res = await h.request(`/api/spend?limit=${bad}`)
      expect(res.status).toBe(400)
      expect((await errorOf(res)).param).toBe('limit')
    }
  })

  it('a new runtime on the same database has every entry, the totals, the cache and the spent budget', async () => {
    const env = { ...lasting(engine), BUDGET_USD: '0.003' }
    const clock = testClock()
    const first = engine.track(spendHarness({ env, now: clock.now }))
    expect((await first.request(SEARCH)).status).toBe(200)
    expect((await first.request(SEARCH)).headers.get('X-Cache')).toBe('HIT')
    expect((await first.request(CAPTIONS)).status).toBe(200) // 0.00256 of 0.003 spent
    const before = await first.spend()
    expect(before.totals).toMatchObject({ paidCalls: 2, cacheHits: 1 })
    await first.dispose() // the embedded engine's folder belongs to one process (runtime) at a time

    const second = engine.track(spendHarness({ env, now: clock.now }))
    const after = await second.spend()
    expect(after.recent).toEqual(before.recent)
    expect(after.totals).toEqual(before.totals)
    expect(after.byDay).toEqual(before.byDay)
    expect(after.budget).toEqual({ capUsd: 0.003, spentUsd: 0.00256, leftUsd: 0.00044 })
    expect(after.budget).toEqual(before.budget)
    const hit = await second.request(SEARCH)
    expect(hit.headers.get('X-Cache')).toBe('HIT')
    expect(second.seen).toHaveLength(0)
    // What was spent before the restart still counts against the cap.
    const refused = await second.request('/api/search?location=1,1&locationRadius=1km&type=video')
    expect(refused.status).toBe(402)
    expect(second.seen).toHaveLength(0)
    expect((await second.spend()).totals).toMatchObject({ paidCalls: 2, cacheHits: 2 })
  })
})
