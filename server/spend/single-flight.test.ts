import { expect, it, vi } from 'vitest'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { gate, spendHarness } from '../testing/spend-harness.ts'

const URL_ = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'

describeOnEngines('single flight', (engine) => {
  it('100 concurrent identical cold requests: one upstream call, one ledger entry, the same answer for all', async () => {
    const g = gate()
    const h = engine.track(spendHarness({ env: engine.env(), hold: g.opened }))
    const pending = Array.from({ length: 100 }, () => h.request(URL_))
    // Open the service only once all 99 others wait on the first: the overlap is certain, not timing luck.
    await vi.waitFor(() => expect(h.gateway.inFlight()).toEqual([{ joined: 99 }]), { timeout: 10_000 })
    g.open()
    const responses = await Promise.all(pending)
    expect(h.seen).toHaveLength(1)
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200))
    const bodies = new Set(await Promise.all(responses.map((r) => r.text())))
    expect(bodies.size).toBe(1)
    const caches = responses.map((r) => r.headers.get('X-Cache'))
    expect(caches.filter((c) => c === 'MISS')).toHaveLength(1)
    expect(caches.filter((c) => c === 'HIT')).toHaveLength(99)
    expect(responses.reduce((sum, r) => sum + Number(r.headers.get('X-Cost-USD')), 0)).toBeCloseTo(0.00203, 8)

    const report = await h.spend()
    expect(report.recent).toHaveLength(1)
    expect(report.recent[0]).toMatchObject({
      operation: 'GET /search',
      cache: 'MISS',
      state: 'charged',
      costUsd: 0.00203,
      joined: 99,
      savedUsd: 0.20097,
    })
    // The 99 that shared the call count as hits: what they saved is in the totals, without a row each.
    expect(report.totals).toEqual({
      spentUsd: 0.00203,
      paidCalls: 1,
      cacheHits: 99,
      savedUsd: 0.20097,
      failedCalls: 0,
      pendingCalls: 0,
      pendingUsd: 0,
      interruptedCalls: 0,
      interruptedUsd: 0,
    })
  })

  it('a failure is shared, not retried 100 times', async () => {
    const g = gate()
    const h = engine.track(
      spendHarness({
        env: engine.env(),
        hold: g.opened,
        answer: () => new Response('down', { status: 503 }),
      }),
    )
    const pending = Array.from({ length: 20 }, () => h.request(URL_))
    await vi.waitFor(() => expect(h.gateway.inFlight()).toEqual([{ joined: 19 }]), { timeout: 10_000 })
    g.open()
    const responses = await Promise.all(pending)
    expect(h.seen).toHaveLength(1)
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(502))
    expect(responses.filter((r) => r.headers.get('X-Cost-USD') !== '0')).toHaveLength(1) // only the one who paid
    const report = await h.spend()
    expect(report.recent).toHaveLength(1)
    expect(report.recent[0]).toMatchObject({
      state: 'charged failure',
      status: 502,
      code: 'upstream_error',
      costUsd: 0.00203,
      joined: 19,
    })
    expect(report.totals).toMatchObject({ spentUsd: 0.00203, paidCalls: 1, failedCalls: 1, pendingCalls: 0 })
  })
})

describeOnEngines('single flight and the paid-call rate limit', (engine) => {
  it("a leader refused by its own client's limit does not refuse the requests that joined it", async () => {
    const h = engine.track(spendHarness({ env: { ...engine.env(), PAID_CALLS_PER_MINUTE: '1' } }))
    expect((await h.request('/api/popularVideos', {}, '10.0.0.1')).status).toBe(200) // client A used its one paid call
    // Client A's next count in the rate-limit table waits until B has joined A's flight: the overlap is certain.
    const limiterHeld = gate()
    let leaderHeld = false
    const query = h.db.query.bind(h.db)
    vi.spyOn(h.db, 'query').mockImplementation(async (sql, params) => {
      if (sql.includes('INSERT INTO rate_windows') && params?.[1] === '10.0.0.1') {
        leaderHeld = true
        await limiterHeld.opened
      }
      return query(sql, params)
    })
    // B starts only once A leads the flight and waits at its limit: B cannot overtake A and lead instead.
    const first = h.request(URL_, {}, '10.0.0.1')
    await vi.waitFor(() => expect(leaderHeld).toBe(true), { timeout: 10_000 })
    const pending = Promise.all([first, h.request(URL_, {}, '10.0.0.2')])
    await vi.waitFor(() => expect(h.gateway.inFlight()).toEqual([{ joined: 1 }]), { timeout: 10_000 })
    limiterHeld.open()
    const [a, b] = await pending
    expect(a.status).toBe(429)
    expect(b.status).toBe(200)
    expect(b.headers.get('X-Cache')).toBe('MISS')
    expect(h.seen).toHaveLength(2)
    // The refused leader never claimed the call: one row per call that left.
    expect((await h.spend()).recent.map((e) => [e.operation, e.state])).toEqual([
      ['GET /search', 'charged'],
      ['GET /popularVideos', 'charged'],
    ])
  })
})
