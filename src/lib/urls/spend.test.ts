import { describe, expect, it } from 'vitest'
import { parseSpendSearch, spendPath, spendSearchParams } from './spend.ts'

describe('spend URL state', () => {
  it('reads page, operation and state, and drops what it cannot read', () => {
    expect(parseSpendSearch(new URLSearchParams('op=GET+%2Fsearch&state=pending&page=2'))).toEqual({
      page: 2,
      operation: 'GET /search',
      state: 'pending',
    })
    expect(parseSpendSearch(new URLSearchParams('op=DROP&state=HIT&page=0&cache=HIT'))).toEqual({ page: 1 })
  })

  it('writes only what is set', () => {
    expect(spendSearchParams({ page: 2, operation: 'GET /search', state: 'failed' }).toString()).toBe(
      'op=GET+%2Fsearch&state=failed&page=2',
    )
    expect(spendPath({ page: 1 })).toBe('/spend')
    expect(spendPath()).toBe('/spend')
  })
})
