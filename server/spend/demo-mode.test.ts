import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createRuntime } from '../runtime.ts'
import type { SpendReport } from './ledger.ts'

describe('spend control over the embedded simulator (demo mode)', () => {
  it('a repeated research session costs nothing: the simulator is asked once per distinct question', async () => {
    const { app, simulator } = createRuntime({ config: loadConfig({ DATA_DIR: ':memory:' }), env: {}, log: () => {} })
    const session = [
      '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video',
      '/api/captions/dQw4w9WgXcQ?lang=en',
      '/api/channels?forHandle=@rickastleyyt',
      '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg',
      '/api/popularVideos',
      '/api/files/captions/dQw4w9WgXcQ',
    ]
    const costs = async () => Promise.all(session.map(async (u) => {
      const res = await app.request(u)
      expect(res.status, u).toBe(200)
      return Number(res.headers.get('X-Cost-USD'))
    }))
    const first = await costs()
    expect(first.every((c) => c > 0)).toBe(true)
    expect(simulator!.stats().calls).toBe(session.length)
    expect(await costs()).toEqual(session.map(() => 0))
    expect(simulator!.stats().calls).toBe(session.length)
    const report = (await (await app.request('/api/spend')).json()) as SpendReport
    expect(report.totals.paidCalls).toBe(session.length)
    expect(report.totals.cacheHits).toBe(session.length)
    expect(report.totals.savedUsd).toBe(report.totals.spentUsd)
    expect(report.totals.spentUsd).toBeCloseTo(simulator!.stats().costUsd, 8)
  })
})
