import { describe, expect, it } from 'vitest'
import { toCsv } from '#lib/export/serialise.ts'
import { readStrictCsv } from '#test-readers/strict-csv.ts'
import { formatParams, LEDGER_COLUMNS, ledgerFileName, ledgerProvenance } from './ledger-export.ts'
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
    loaded: 3,
    state,
    limit: 1000,
    fetchedAt: Date.UTC(2026, 10, 22),
    viewUrl: 'http://localhost/spend',
    source,
  })

describe('ledger export', () => {
  it('writes the state of each paid call, with parameters in a stable order', () => {
    const csv = toCsv([pending], LEDGER_COLUMNS)
    expect(readStrictCsv(csv).records[0]!.params).toBe('{"location":"48.8566,2.3522","type":"video"}')
    const lines = csv.slice(1).split('\r\n')
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
    expect(p.ledger).toBe(
      "This dashboard's spend ledger for the demo simulator (invented data, never counted against the budget) — GET /api/spend, free to read",
    )
    expect(p.costUsd).toBe(0)
  })

  it('names the live service by its address, and says when the ledger was filtered', () => {
    const p = provenance({ kind: 'live', label: 'https://api.poix.io' }, { page: 1, state: 'pending' })
    expect(p.title).toBe(
      'Spend ledger of this dashboard — live service at https://api.poix.io — paid calls, recent entries, filtered',
    )
    expect(p.ledger).toContain('for the live service at https://api.poix.io')
    expect(p.query).toEqual({ limit: 1000 })
    expect(p.view).toEqual({
      filter: { state: 'pending' },
      sort: 'newest first',
      shown: '1 of 3 loaded ledger entries',
    })
  })

  it('names no source when an older server did not say which', () => {
    const p = provenance(undefined)
    expect(p.title).toBe('Spend ledger of this dashboard — paid calls, recent entries')
    expect(p.ledger).toBe("This dashboard's spend ledger — GET /api/spend, free to read")
  })
})

describe('ledger file names', () => {
  it('carry the filter, so two filtered exports of one day differ', () => {
    const now = new Date('2026-11-22T10:00:00Z')
    const names = [
      ledgerFileName({ page: 1 }, now),
      ledgerFileName({ page: 1, operation: 'GET /search' }, now),
      ledgerFileName({ page: 1, state: 'pending' }, now),
      ledgerFileName({ page: 3 }, now),
    ]
    expect(names[0]).toMatch(/^spend-ledger-2026-11-22-[0-9a-f]{6}$/)
    expect(names[1]).toMatch(/^spend-ledger-op-get-search-2026-11-22-/)
    expect(names[2]).toMatch(/^spend-ledger-state-pending-2026-11-22-/)
    // The page is not a filter: every filtered entry is exported whatever page is shown.
    expect(names[3]).toBe(names[0])
    expect(new Set(names.slice(0, 3)).size).toBe(3)
  })
})
