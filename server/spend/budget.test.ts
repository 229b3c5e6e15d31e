import { expect, it, vi } from 'vitest'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { errorOf, gate, serviceAnswer, spendHarness, testClock } from '../testing/spend-harness.ts'

const PRICE = 0.00203
const search = (km: number) => `/api/search?location=48.8566,2.3522&locationRadius=${km}km&type=video`

describeOnEngines('the budget', (engine) => {
  it('refuses exactly at the cap under 50 concurrent requests, before paying, and still serves cached answers', async () => {
    const g = gate()
    const h = engine.track(
      spendHarness({ env: { ...engine.env(), BUDGET_USD: String(10 * PRICE) }, hold: g.opened }),
    )
    const pending = Array.from({ length: 50 }, (_, i) => h.request(search(i + 1)))
    // All 50 race for the budget while the first paid calls are still unanswered.
    await vi.waitFor(() => expect(h.seen).toHaveLength(10), { timeout: 10_000 })
    g.open()
    const responses = await Promise.all(pending)
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 402)).toHaveLength(40)
    expect(h.seen).toHaveLength(10) // the refused ones were never sent

    const refused = responses.find((r) => r.status === 402)!
    expect(refused.headers.get('X-Cost-USD')).toBe('0')
    const err = await errorOf(refused)
    expect(err.code).toBe('budget_exhausted')
    expect(err.message).toMatch(/\$0\.02030 of the \$0\.02030 budget is spent/)
    expect(err.message).toMatch(/set BUDGET_USD higher and restart/)

    const paidIndex = statuses.indexOf(200)
    const again = await h.request(search(paidIndex + 1))
    expect(again.status).toBe(200)
    expect(again.headers.get('X-Cache')).toBe('HIT')
    expect((await h.request(search(999))).status).toBe(402)
    expect(h.seen).toHaveLength(10)

    const report = await h.spend()
    expect(report.budget).toEqual({ capUsd: 0.0203, spentUsd: 0.0203, leftUsd: 0 })
    expect(report.totals).toMatchObject({ spentUsd: 0.0203, paidCalls: 10, cacheHits: 1, pendingCalls: 0 })
    expect(report.recent).toHaveLength(10) // refusals at the budget are not paid calls: no ledger row
  })

  it('counts a call in flight against the cap while it is pending', async () => {
    const g = gate()
    const h = engine.track(
      spendHarness({ env: { ...engine.env(), BUDGET_USD: String(PRICE) }, hold: g.opened }),
    )
    const first = h.request(search(1))
    await vi.waitFor(() => expect(h.seen).toHaveLength(1), { timeout: 10_000 })
    const report = await h.spend()
    expect(report.budget).toEqual({ capUsd: PRICE, spentUsd: PRICE, leftUsd: 0 })
    expect(report.totals).toMatchObject({ spentUsd: 0, paidCalls: 0, pendingCalls: 1, pendingUsd: PRICE })
    expect((await h.request(search(2))).status).toBe(402) // reserved before it left, so no second call fits
    g.open()
    expect((await first).status).toBe(200)
    expect((await h.spend()).totals).toMatchObject({
      spentUsd: PRICE,
      paidCalls: 1,
      pendingCalls: 0,
      pendingUsd: 0,
    })
    expect(h.seen).toHaveLength(1)
  })

  it('gives the reservation back when the service refuses without charging (a 429), and waits out its Retry-After', async () => {
    const clock = testClock()
    let calls = 0
    const h = engine.track(
      spendHarness({
        env: { ...engine.env(), BUDGET_USD: String(PRICE) },
        now: clock.now,
        answer: (req) =>
          ++calls === 1
            ? new Response(JSON.stringify({ message: 'slow down' }), {
                status: 429,
                headers: { 'Retry-After': '1' },
              })
            : serviceAnswer(req),
      }),
    )
    const first = await h.request(search(1))
    expect(first.status).toBe(429)
    expect(first.headers.get('X-Cost-USD')).toBe('0')

    // The instance is paused for the service's Retry-After: refused here, nothing sent, nothing reserved.
    const paused = await h.request(search(1))
    expect(paused.status).toBe(429)
    expect(paused.headers.get('Retry-After')).toBe('1')
    expect(paused.headers.get('X-Cost-USD')).toBe('0')
    expect((await errorOf(paused)).message).toMatch(/asked this server to wait.*Nothing was paid/)
    expect(h.seen).toHaveLength(1)

    clock.advance(1001)
    expect((await h.request(search(1))).status).toBe(200) // the budget still had room for it
    expect(h.seen).toHaveLength(2)
    expect((await h.request(search(2))).status).toBe(402)
    const report = await h.spend()
    expect(report.recent.map((e) => [e.state, e.status, e.costUsd])).toEqual([
      ['charged', 200, PRICE],
      ['free failure', 429, 0],
    ])
    expect(report.budget).toEqual({ capUsd: PRICE, spentUsd: PRICE, leftUsd: 0 })
  })

  it('keeps the reservation when the service may have charged (a server error)', async () => {
    const h = engine.track(
      spendHarness({
        env: { ...engine.env(), BUDGET_USD: String(PRICE) },
        answer: () => new Response('oops', { status: 500 }),
      }),
    )
    const first = await h.request(search(1))
    expect(first.status).toBe(502)
    expect(first.headers.get('X-Cost-USD')).toBe(String(PRICE))
    const second = await h.request(search(1))
    expect(second.status).toBe(402)
    expect(h.seen).toHaveLength(1)
    expect((await h.spend()).budget).toEqual({ capUsd: PRICE, spentUsd: PRICE, leftUsd: 0 })
  })

  it('without BUDGET_USD nothing is refused and no budget is reported', async () => {
    const h = engine.track(spendHarness({ env: engine.env() }))
    for (let i = 1; i <= 5; i++) expect((await h.request(search(i))).status).toBe(200)
    expect((await h.spend()).budget).toBeNull()
  })
})
