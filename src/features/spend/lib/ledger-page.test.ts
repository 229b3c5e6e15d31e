import { describe, expect, it } from 'vitest'
import { filterLedger, formatBytes, pageOf } from './ledger-page.ts'
import { matchesStateFilter, stateLabel } from './ledger-state.ts'
import type { LedgerEntry, LedgerState } from './spend-schema.ts'
import { parseSpendSearch, spendSearchParams } from './spend-url.ts'

const STATES: LedgerState[] = ['charged', 'pending', 'free failure', 'charged failure']

const entry = (n: number, operation = 'GET /search', state: LedgerState = 'charged'): LedgerEntry => ({
  id: String(n),
  at: '2026-11-22T10:00:00.000Z',
  operation,
  path: '/search',
  params: {},
  priceUsd: 0.00203,
  costUsd: state === 'charged' || state === 'charged failure' ? 0.00203 : 0,
  savedUsd: 0,
  cache: 'MISS',
  state,
  status: state === 'pending' ? 0 : state === 'charged' ? 200 : 502,
  bytes: 10,
})

describe('ledger paging and filters', () => {
  // 120 rows: every third a channel lookup; states in turn charged, pending, free failure, charged failure.
  const entries = Array.from({ length: 120 }, (_, i) =>
    entry(i + 1, i % 3 === 0 ? 'GET /channels' : 'GET /search', STATES[i % 4]),
  )

  it('pages 50 at a time and clamps a page past the end', () => {
    expect(pageOf(entries, 1)).toMatchObject({ page: 1, pageCount: 3, first: 1, last: 50 })
    expect(pageOf(entries, 3)).toMatchObject({ page: 3, first: 101, last: 120 })
    expect(pageOf(entries, 99).page).toBe(3)
    expect(pageOf([], 1)).toMatchObject({ page: 1, pageCount: 1, first: 0, last: 0, rows: [] })
  })

  it('filters by operation and state; "failed" takes charged and free failures', () => {
    expect(filterLedger(entries, { page: 1 })).toHaveLength(120)
    expect(filterLedger(entries, { page: 1, state: 'charged' }).map((e) => e.state)).toEqual(
      Array(30).fill('charged'),
    )
    expect(filterLedger(entries, { page: 1, state: 'pending' })).toHaveLength(30)
    const failed = filterLedger(entries, { page: 1, state: 'failed' })
    expect(failed).toHaveLength(60)
    expect(new Set(failed.map((e) => e.state))).toEqual(new Set(['free failure', 'charged failure']))
    const pendingChannels = filterLedger(entries, { page: 1, operation: 'GET /channels', state: 'pending' })
    expect(pendingChannels.length).toBe(10)
    expect(pendingChannels.every((e) => e.operation === 'GET /channels' && e.state === 'pending')).toBe(true)
  })

  it('keeps a charged failure out of "charged" (money was taken, but the call failed)', () => {
    expect(matchesStateFilter('charged failure', 'charged')).toBe(false)
    expect(matchesStateFilter('charged failure', 'failed')).toBe(true)
    expect(matchesStateFilter('pending', undefined)).toBe(true)
  })

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(12_400)).toMatch(/^12[.,]1 kB$/)
  })
})

describe('ledger states in words', () => {
  it('says what each state means, and how many requests shared a call', () => {
    expect(stateLabel({ state: 'charged' })).toBe('charged')
    expect(stateLabel({ state: 'pending' })).toBe('pending — outcome unknown, price reserved')
    expect(stateLabel({ state: 'free failure' })).toBe('not charged (failed)')
    expect(stateLabel({ state: 'charged failure' })).toBe('charged (failed)')
    expect(stateLabel({ state: 'charged', joined: 2 })).toBe('charged, shared by 3 requests')
    expect(stateLabel({ state: 'free failure', joined: 1 })).toBe(
      'not charged (failed), shared by 2 requests',
    )
  })
})

describe('spend URL state', () => {
  it('round-trips and drops what it cannot read', () => {
    const state = { page: 2, operation: 'GET /captions/{videoId}', state: 'pending' as const }
    expect(spendSearchParams(state).toString()).toBe(
      'op=GET+%2Fcaptions%2F%7BvideoId%7D&state=pending&page=2',
    )
    expect(parseSpendSearch(spendSearchParams(state))).toEqual(state)
    expect(parseSpendSearch(new URLSearchParams('page=-3&op=<script>&state=maybe'))).toEqual({ page: 1 })
    expect(spendSearchParams({ page: 1 }).toString()).toBe('')
  })

  it('ignores the old cache filter: every ledger row is now a paid call', () => {
    expect(parseSpendSearch(new URLSearchParams('cache=HIT&op=GET+%2Fsearch'))).toEqual({
      page: 1,
      operation: 'GET /search',
    })
    expect(parseSpendSearch(new URLSearchParams('cache=MISS&state=failed'))).toEqual({
      page: 1,
      state: 'failed',
    })
    // The next change of filters writes the URL afresh, without it.
    expect(spendSearchParams(parseSpendSearch(new URLSearchParams('cache=HIT&page=2'))).toString()).toBe(
      'page=2',
    )
  })
})
