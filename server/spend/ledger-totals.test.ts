import { describe, expect, it } from 'vitest'
import { totalsOfRows } from './ledger-totals.ts'

const row = (source: string, day: string, operation: string, over: Record<string, number> = {}) => ({
  source,
  day,
  operation,
  spent: 0,
  paid: 0,
  failed: 0,
  pending: 0,
  pending_micro: 0,
  joined: 0,
  joined_saved: 0,
  hits: 0,
  hit_saved: 0,
  ...over,
})

describe('totalsOfRows', () => {
  it("sums this source by day and operation, counts joiners as hits, and keeps every source's totals apart", () => {
    const report = totalsOfRows(
      [
        row('demo', '2026-01-02', 'GET /search', { spent: 2030, paid: 1, joined: 2, joined_saved: 4060 }),
        row('demo', '2026-01-01', 'GET /search', { hits: 3, hit_saved: 6090 }),
        row('demo', '2026-01-01', 'GET /gone', { spent: 10, paid: 1 }),
        row('live:https://api.example', '2026-01-01', 'GET /search', { pending: 1, pending_micro: 2030 }),
      ],
      'demo',
    )
    expect(report.totals).toMatchObject({ spentUsd: 0.00204, paidCalls: 2, cacheHits: 5, savedUsd: 0.01015 })
    expect(report.byDay.map((d) => d.day)).toEqual(['2026-01-01', '2026-01-02'])
    // An operation the contract no longer prices counts in the totals, not in the split by operation.
    expect(Object.keys(report.byDay[0]!.byOperation)).toEqual(['GET /search'])
    expect(report.byOperation).toMatchObject([{ operation: 'GET /search', spentUsd: 0.00203, cacheHits: 5 }])
    expect(report.bySource).toMatchObject([
      { source: 'demo', kind: 'demo', label: 'demo simulator (invented data)' },
      {
        source: 'live:https://api.example',
        kind: 'live',
        label: 'https://api.example',
        pendingCalls: 1,
        pendingUsd: 0.00203,
      },
    ])
  })
})
