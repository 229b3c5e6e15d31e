import { describe, expect, it } from 'vitest'
import { hasActiveFilters, parsePopularSearch, popularSearchParams } from './popular-search.ts'

describe('popular URL state', () => {
  it('reads filters, sort and auto-load from the URL and writes them back', () => {
    const sp = new URLSearchParams('category=10&min=2&max=7.5&q=live%20music&sort=views&auto=1')
    const { state, problems } = parsePopularSearch(sp)
    expect(problems).toEqual([])
    expect(state).toEqual({
      category: '10',
      minMinutes: 2,
      maxMinutes: 7.5,
      q: 'live music',
      sort: 'views',
      auto: true,
    })
    expect(popularSearchParams(state).toString()).toBe(
      'category=10&min=2&max=7.5&q=live+music&sort=views&auto=1',
    )
    expect(hasActiveFilters(state)).toBe(true)
  })

  it('keeps plain /popular plain', () => {
    const { state } = parsePopularSearch(new URLSearchParams())
    expect(popularSearchParams(state).toString()).toBe('')
    expect(hasActiveFilters(state)).toBe(false)
  })

  it('names every value it ignores', () => {
    const { state, problems } = parsePopularSearch(
      new URLSearchParams('category=music&min=-1&max=abc&sort=random&auto=yes'),
    )
    expect(state).toEqual({ q: '', sort: 'rank', auto: false })
    expect(problems).toHaveLength(5)
    expect(problems.join(' ')).toMatch(/category=music.*min=-1.*max=abc.*sort=random.*auto=yes/)
  })

  it('keeps a reversed duration range as typed but says it is not applied', () => {
    const { state, problems } = parsePopularSearch(new URLSearchParams('min=10&max=3'))
    expect(state).toMatchObject({ minMinutes: 10, maxMinutes: 3 })
    expect(problems[0]).toContain('min=10 is more than max=3')
  })
})
