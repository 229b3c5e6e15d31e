import { describe, expect, it } from 'vitest'
import { filterLedger, formatBytes, pageOf } from './ledger-page.ts'
import type { LedgerEntry } from './spend-schema.ts'
import { parseSpendSearch, spendSearchParams } from './spend-url.ts'

const entry = (n: number, operation = 'GET /search', cache: 'HIT' | 'MISS' = 'MISS'): LedgerEntry => ({
  id: `2026-11-22/${n}`,
  at: '2026-11-22T10:00:00.000Z',
  operation,
  path: '/search',
  params: {},
  priceUsd: 0.00203,
  costUsd: cache === 'HIT' ? 0 : 0.00203,
  savedUsd: cache === 'HIT' ? 0.00203 : 0,
  cache,
  status: 200,
  bytes: 10,
})

describe('ledger paging and filters', () => {
  const entries = Array.from({ length: 120 }, (_, i) => entry(i + 1, i % 3 === 0 ? 'GET /channels' : 'GET /search', i % 2 === 0 ? 'HIT' : 'MISS'))

  it('pages 50 at a time and clamps a page past the end', () => {
    expect(pageOf(entries, 1)).toMatchObject({ page: 1, pageCount: 3, first: 1, last: 50 })
    expect(pageOf(entries, 3)).toMatchObject({ page: 3, first: 101, last: 120 })
    expect(pageOf(entries, 99).page).toBe(3)
    expect(pageOf([], 1)).toMatchObject({ page: 1, pageCount: 1, first: 0, last: 0, rows: [] })
  })

  it('filters by operation and cache state', () => {
    const rows = filterLedger(entries, { page: 1, operation: 'GET /channels', cache: 'HIT' })
    expect(rows.length).toBe(20)
    expect(rows.every((e) => e.operation === 'GET /channels' && e.cache === 'HIT')).toBe(true)
    expect(filterLedger(entries, { page: 1 })).toHaveLength(120)
  })

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(12_400)).toMatch(/^12[.,]1 kB$/)
  })
})

describe('spend URL state', () => {
  it('round-trips and drops what it cannot read', () => {
    const state = { page: 2, operation: 'GET /captions/{videoId}', cache: 'MISS' as const }
    expect(parseSpendSearch(spendSearchParams(state))).toEqual(state)
    expect(parseSpendSearch(new URLSearchParams('page=-3&op=<script>&cache=maybe'))).toEqual({ page: 1 })
    expect(spendSearchParams({ page: 1 }).toString()).toBe('')
  })
})
