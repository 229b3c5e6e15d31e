import { describe, expect, it } from 'vitest'
import { hasActiveFilters, parsePopularSearch } from './popular-search.ts'

describe('popular filters', () => {
  it('knows when a filter is active', () => {
    expect(
      hasActiveFilters(
        parsePopularSearch(new URLSearchParams('category=10&min=2&max=7.5&q=live%20music&sort=views&auto=1'))
          .state,
      ),
    ).toBe(true)
    expect(hasActiveFilters(parsePopularSearch(new URLSearchParams()).state)).toBe(false)
  })
})
