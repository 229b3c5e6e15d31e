import { expect, it } from 'vitest'
import type { LedgerEntry } from './ledger.ts'
import { describeOnDrivers } from './testing/drivers.ts'
import { errorOf, spendHarness, testClock } from './testing/spend-harness.ts'

const SEARCH = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'
const CAPTIONS = '/api/captions/dQw4w9WgXcQ?lang=en'
const DAY = 24 * 3_600_000

describeOnDrivers('the ledger', ['memory', 'fs', 'redis'], (driver) => {
  it('records every paid call, hit and failure with what it cost and saved', async () => {
    const clock = testClock()
    const h = driver.track(spendHarness({ env: driver.env(), now: clock.now }))
    await h.request(SEARCH)
    clock.advance(1000)
    await h.request(SEARCH)
    clock.advance(1000)
    await h.request(CAPTIONS)
    const report = await h.spend()
    expect(report.storage).toBe(driver.kind)
    const [captions, hit, paid] = report.recent as [LedgerEntry, LedgerEntry, LedgerEntry]
    expect(paid).toMatchObject({
      id: '2026-01-05/1',
      at: '2026-01-05T12:00:00.000Z',
      operation: 'GET /search',
      path: '/search',
      params: { location: '48.8566,2.3522', locationRadius: '25km', type: 'video' },
      priceUsd: 0.00203,
      costUsd: 0.00203,
      savedUsd: 0,
      cache: 'MISS',
      status: 200,
    })
    expect(paid.bytes).toBeGreaterThan(100)
    expect(hit).toMatchObject({ operation: 'GET /search', cache: 'HIT', costUsd: 0, savedUsd: 0.00203, status: 200, bytes: paid.bytes })
    expect(captions).toMatchObject({ operation: 'GET /captions/{videoId}', path: '/captions/dQw4w9WgXcQ', params: { format: 'json', lang: 'en', mode: 'default' } })
    expect(report.totals).toEqual({ spentUsd: 0.00256, paidCalls: 2, cacheHits: 1, savedUsd: 0.00203, failedCalls: 0 })
    expect(report.byOperation).toEqual([
      { operation: 'GET /search', spentUsd: 0.00203, paidCalls: 1, cacheHits: 1, savedUsd: 0.00203, failedCalls: 0 },
      { operation: 'GET /captions/{videoId}', spentUsd: 0.00053, paidCalls: 1, cacheHits: 0, savedUsd: 0, failedCalls: 0 },
    ])
  })

  it('totals by day, split by operation, oldest day first', async () => {
    const clock = testClock()
    const h = driver.track(spendHarness({ env: driver.env(), now: clock.now }))
    await h.request(SEARCH)
    clock.advance(DAY)
    await h.request(CAPTIONS)
    await h.request('/api/popularVideos')
    const { byDay } = await h.spend()
    expect(byDay.map((d) => [d.day, d.spentUsd, d.paidCalls])).toEqual([
      ['2026-01-05', 0.00203, 1],
      ['2026-01-06', 0.00066, 2],
    ])
    expect(byDay[1]!.byOperation['GET /popularVideos']).toEqual({ spentUsd: 0.00013, paidCalls: 1, cacheHits: 0, savedUsd: 0, failedCalls: 0 })
  })

  it('records failures: charged ones cost their price, refusals at the door cost nothing', async () => {
    const h = driver.track(
      spendHarness({
        env: driver.env(),
        answer: (req) => (new URL(req.url).pathname === '/search' ? new Response('no', { status: 500 }) : new Response('{"message":"no balance"}', { status: 402 })),
      }),
    )
    await h.request(SEARCH)
    await h.request('/api/popularVideos')
    const report = await h.spend()
    expect(report.recent.map((e) => [e.operation, e.status, e.code, e.costUsd])).toEqual([
      ['GET /popularVideos', 402, 'balance_exhausted', 0],
      ['GET /search', 502, 'upstream_error', 0.00203],
    ])
    expect(report.totals).toMatchObject({ spentUsd: 0.00203, paidCalls: 1, failedCalls: 2 })
  })

  it('loses no entry when 60 paid calls and 40 hits land at once', async () => {
    const h = driver.track(spendHarness({ env: driver.env() }))
    for (let i = 1; i <= 40; i++) await h.request(`/api/captions/dQw4w9WgXcQ?lang=en&format=${['json', 'srt', 'vtt', 'text'][i % 4]}`)
    const before = (await h.spend(1000)).recent.length
    const urls = [
      ...Array.from({ length: 60 }, (_, i) => `/api/search?location=1,1&locationRadius=${i + 1}km&type=video`),
      ...Array.from({ length: 40 }, (_, i) => `/api/captions/dQw4w9WgXcQ?lang=en&format=${['json', 'srt', 'vtt', 'text'][i % 4]}`),
    ]
    const responses = await Promise.all(urls.map((u) => h.request(u)))
    expect(responses.every((r) => r.status === 200)).toBe(true)
    const report = await h.spend(1000)
    expect(report.recent.length - before).toBe(100)
    expect(new Set(report.recent.map((e) => e.id)).size).toBe(report.recent.length)
    const search = report.byOperation.find((o) => o.operation === 'GET /search')!
    expect(search).toMatchObject({ paidCalls: 60, spentUsd: 0.1218 })
    const captions = report.byOperation.find((o) => o.operation === 'GET /captions/{videoId}')!
    expect(captions.paidCalls + captions.cacheHits).toBe(80)
  })

  it('answers recent entries newest first, 100 by default, up to limit (at most 1000)', async () => {
    const clock = testClock()
    const h = driver.track(spendHarness({ env: driver.env(), now: clock.now }))
    for (let i = 1; i <= 105; i++) {
      await h.request(`/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg&pageToken=p${i}`)
      if (i === 50) clock.advance(DAY) // entries spread over two days
    }
    const all = (await h.spend(1000)).recent
    expect(all).toHaveLength(105)
    expect(all[0]!.params.pageToken).toBe('p105')
    expect(all[104]!.params.pageToken).toBe('p1')
    expect((await h.spend()).recent).toHaveLength(100)
    expect((await h.spend(3)).recent.map((e) => e.params.pageToken)).toEqual(['p105', 'p104', 'p103'])
    for (const bad of ['0', '1001', 'ten', '-1', '5.5']) {
      const res = await h.request(`/api/spend?limit=${bad}`)
      expect(res.status).toBe(400)
      expect((await errorOf(res)).param).toBe('limit')
    }
  })
})

describeOnDrivers('the ledger across a restart', ['fs', 'redis'], (driver) => {
  it('a new runtime on the same storage has every entry, the totals, the cache and the spent budget', async () => {
    const env = { ...driver.env(), BUDGET_USD: '0.003' }
    const clock = testClock()
    const first = driver.track(spendHarness({ env, now: clock.now }))
    expect((await first.request(SEARCH)).status).toBe(200)
    expect((await first.request(SEARCH)).headers.get('X-Cache')).toBe('HIT')
    expect((await first.request(CAPTIONS)).status).toBe(200) // 0.00256 of 0.003 spent
    const before = await first.spend()
    await first.dispose()

    const second = driver.track(spendHarness({ env, now: clock.now }))
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
  })
})
