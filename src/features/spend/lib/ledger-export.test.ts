import { describe, expect, it } from 'vitest'
import { toCsv } from '#lib/export/serialise.ts'
import { formatParams, LEDGER_COLUMNS, ledgerProvenance } from './ledger-export.ts'
import type { LedgerEntry } from './spend-schema.ts'
import type { SpendViewState } from './spend-url.ts'

const pending: LedgerEntry = {
  id: '12',
  at: '2026-11-22T10:00:00.000Z',
  operation: 'GET /search',
  path: '/search',
  // The database may keep keys in any order; the export and the table sort them.
  params: { type: 'video', location: '48.8566,2.3522' },
  priceUsd: 0.00203,
  costUsd: 0,
  savedUsd: 0,
  cache: 'MISS',
  state: 'pending',
  status: 0,
  bytes: 0,
}

const provenance = (
  source: Parameters<typeof ledgerProvenance>[0]['source'],
  state: SpendViewState = { page: 1 },
) =>
  ledgerProvenance({
    entries: [pending],
    state,
    limit: 1000,
    fetchedAt: Date.UTC(2026, 10, 22),
    viewUrl: 'http://localhost/spend',
    source,
  })

describe('ledger export', () => {
  it('writes the state of each paid call, with parameters in a stable order', () => {
    const lines = toCsv([pending], LEDGER_COLUMNS).split('\r\n')
    expect(lines[0]).toBe(
      'id,time,operation,path,params,priceUsd,costUsd,savedUsd,state,status,errorCode,bytes,joinedRequests',
    )
    expect(lines[1]).toBe(
      '12,2026-11-22T10:00:00.000Z,GET /search,/search,"{""location"":""48.8566,2.3522"",""type"":""video""}",0.00203,0,0,pending,0,,0,0',
    )
    expect(formatParams(pending.params)).toBe('location=48.8566,2.3522 type=video')
  })

  it('names the demo simulator as invented data in the title and the data source', () => {
    const p = provenance({ kind: 'demo', label: 'demo simulator (invented data)' })
    expect(p.title).toBe(
      'Spend ledger of this dashboard — demo simulator (invented data, never counted against the budget) — paid calls, recent entries',
    )
    expect(p.dataSource).toBe(
      "This dashboard's spend ledger for the demo simulator (invented data, never counted against the budget) — GET /api/spend, free to read",
    )
    expect(p.costUsd).toBe(0)
  })

  it('names the live service by its address, and says when the ledger was filtered', () => {
    const p = provenance({ kind: 'live', label: 'https://api.poix.io' }, { page: 1, state: 'pending' })
    expect(p.title).toBe(
      'Spend ledger of this dashboard — live service at https://api.poix.io — paid calls, recent entries, filtered',
    )
    expect(p.dataSource).toContain('for the live service at https://api.poix.io')
    expect(p.query).toEqual({ limit: 1000, operation: null, state: 'pending' })
  })

  it('names no source when an older server did not say which', () => {
    const p = provenance(undefined)
    expect(p.title).toBe('Spend ledger of this dashboard — paid calls, recent entries')
    expect(p.dataSource).toBe("This dashboard's spend ledger — GET /api/spend, free to read")
  })
})
