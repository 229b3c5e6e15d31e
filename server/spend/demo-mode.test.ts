import { expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createRuntime } from '../runtime.ts'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import type { SpendReport } from './ledger.ts'

describeOnEngines('spend control over the embedded simulator (demo mode)', (engine) => {
  it('a repeated research session costs nothing: the simulator is asked once per distinct question', async () => {
    const { app, simulator } = engine.track(
      createRuntime({ config: loadConfig(engine.env()), log: () => {} }),
    )
    const session = [
      '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video',
      '/api/captions/dQw4w9WgXcQ?lang=en',
      '/api/channels?forHandle=@rickastleyyt',
      '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg',
      '/api/popularVideos',
      '/api/files/captions/dQw4w9WgXcQ',
    ]
    const costs = async () =>
      Promise.all(
        session.map(async (u) => {
          const res = await app.request(u)
          expect(res.status, u).toBe(200)
          return Number(res.headers.get('X-Cost-USD'))
        }),
      )
    const first = await costs()
    expect(first.every((c) => c > 0)).toBe(true)
    expect(simulator!.stats().calls).toBe(session.length)
    expect(await costs()).toEqual(session.map(() => 0))
    expect(simulator!.stats().calls).toBe(session.length)
    const report = (await (await app.request('/api/spend')).json()) as SpendReport
    expect(report.source).toEqual({ kind: 'demo', label: 'demo simulator (invented data)' })
    expect(report.totals.paidCalls).toBe(session.length)
    expect(report.totals.cacheHits).toBe(session.length)
    expect(report.totals.savedUsd).toBe(report.totals.spentUsd)
    expect(report.totals.spentUsd).toBeCloseTo(simulator!.stats().costUsd, 8)
    expect(report.recent).toHaveLength(session.length)
    expect(report.recent.every((e) => e.state === 'charged')).toBe(true)
    // The simulator's invented charges are reported apart, and never capped.
    expect(report.bySource.map((s) => [s.kind, s.paidCalls, s.cacheHits])).toEqual([
      ['demo', session.length, session.length],
    ])
    expect(report.budget).toBeNull()
  })

  it('BUDGET_USD never caps the simulator: its charges are not real spend', async () => {
    const { app, simulator } = engine.track(
      createRuntime({ config: loadConfig({ ...engine.env(), BUDGET_USD: '0.001' }), log: () => {} }),
    )
    for (let km = 1; km <= 3; km++)
      expect(
        (await app.request(`/api/search?location=48.8566,2.3522&locationRadius=${km}km&type=video`)).status,
      ).toBe(200)
    expect(simulator!.stats().calls).toBe(3)
    const report = (await (await app.request('/api/spend')).json()) as SpendReport
    expect(report.budget).toBeNull()
    expect(report.totals.spentUsd).toBeGreaterThan(0.001)
  })
})
