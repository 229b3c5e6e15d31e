import { describe, expect, it } from 'vitest'
import { SpendReport } from './spend-schema.ts'

const totals = {
  spentUsd: 0.00406,
  paidCalls: 2,
  cacheHits: 5,
  savedUsd: 0.01015,
  failedCalls: 1,
  pendingCalls: 1,
  pendingUsd: 0.00203,
}

describe('SpendReport', () => {
  it('reads the report of a Postgres-backed server: states, pending calls, the source and every source apart', () => {
    const report = SpendReport.parse({
      storage: 'embedded Postgres (PGlite) under .data/',
      source: { kind: 'live', label: 'https://api.poix.io' },
      totals,
      byOperation: [{ operation: 'GET /search', ...totals }],
      byDay: [{ day: '2026-11-22', ...totals, byOperation: { 'GET /search': totals } }],
      bySource: [
        { source: 'demo', kind: 'demo', label: 'demo simulator (invented data)', ...totals },
        { source: 'live:https://api.poix.io', kind: 'live', label: 'https://api.poix.io', ...totals },
      ],
      recent: [
        {
          id: '7',
          at: '2026-11-22T10:00:00.000Z',
          operation: 'GET /search',
          path: '/search',
          params: {},
          priceUsd: 0.00203,
          costUsd: 0,
          savedUsd: 0,
          cache: 'MISS',
          state: 'pending',
          status: 0,
          bytes: 0,
        },
      ],
      budget: { capUsd: 1, spentUsd: 0.00609, leftUsd: 0.99391 },
    })
    expect(report.source).toEqual({ kind: 'live', label: 'https://api.poix.io' })
    expect(report.totals.pendingUsd).toBe(0.00203)
    expect(report.bySource.map((s) => s.kind)).toEqual(['demo', 'live'])
    expect(report.recent[0]?.state).toBe('pending')
  })

  it('reads an older report: no pending figures, no source, states derived, cache hits no longer listed', () => {
    const old = { spentUsd: 0.00203, paidCalls: 1, cacheHits: 1, savedUsd: 0.00203 }
    const row = {
      at: '2026-11-22T10:00:00.000Z',
      operation: 'GET /search',
      path: '/search',
      priceUsd: 0.00203,
      bytes: 10,
    }
    const report = SpendReport.parse({
      totals: old,
      byOperation: [{ operation: 'GET /search', ...old }],
      byDay: [],
      recent: [
        { id: '2026-11-22/4', ...row, costUsd: 0, savedUsd: 0.00203, cache: 'HIT', status: 200 },
        { id: '2026-11-22/3', ...row, costUsd: 0.00203, cache: 'MISS', status: 200, joined: 1 },
        { id: '2026-11-22/2', ...row, costUsd: 0, cache: 'MISS', status: 503, code: 'upstream_unavailable' },
        { id: '2026-11-22/1', ...row, costUsd: 0.00203, cache: 'MISS', status: 404, code: 'not_found' },
      ],
    })
    expect(report.totals).toMatchObject({ failedCalls: 0, pendingCalls: 0, pendingUsd: 0 })
    expect(report.byOperation[0]).toMatchObject({ pendingCalls: 0, pendingUsd: 0 })
    expect(report.source).toBeUndefined()
    expect(report.bySource).toEqual([])
    expect(report.budget).toBeNull()
    expect(report.recent.map((e) => [e.id, e.state])).toEqual([
      ['2026-11-22/3', 'charged'],
      ['2026-11-22/2', 'free failure'],
      ['2026-11-22/1', 'charged failure'],
    ])
  })

  it('refuses what it cannot trust', () => {
    const base = { totals, byOperation: [], byDay: [], recent: [] }
    expect(SpendReport.safeParse({ ...base, source: { kind: 'staging', label: 'x' } }).success).toBe(false)
    expect(SpendReport.safeParse({ ...base, totals: { ...totals, pendingUsd: -1 } }).success).toBe(false)
    const row = {
      id: '1',
      at: 'x',
      operation: 'GET /search',
      path: '/search',
      priceUsd: 0,
      costUsd: 0,
      status: 200,
      state: 'lost',
    }
    expect(SpendReport.safeParse({ ...base, recent: [row] }).success).toBe(false)
  })
})
