import { describe, expect, it } from 'vitest'
import { parsePopularSearch, popularPath, popularSearchParams } from './popular.ts'

describe('the popular feed’s region and language in the URL', () => {
  it('reads them, in any case for the region, and writes them back first', () => {
    const { state, problems } = parsePopularSearch(new URLSearchParams('region=jp&hl=ja&sort=views'))
    expect(problems).toEqual([])
    expect(state).toMatchObject({ region: 'JP', hl: 'ja', sort: 'views' })
    expect(popularSearchParams(state).toString()).toBe('region=JP&hl=ja&sort=views')
    expect(popularPath(state)).toBe('/popular?region=JP&hl=ja&sort=views')
  })

  it('names a region or language it cannot use and leaves it out', () => {
    const { state, problems } = parsePopularSearch(new URLSearchParams('region=UK&hl=klingon'))
    expect(state.region).toBeUndefined()
    expect(state.hl).toBeUndefined()
    expect(problems).toEqual([
      'Ignored region=UK: regions are two-letter ISO 3166-1 codes such as US or JP.',
      'Ignored hl=klingon: it is not a language the service offers.',
    ])
    expect(popularPath(state)).toBe('/popular')
  })
})

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
    expect(popularPath(state)).toBe('/popular?category=10&min=2&max=7.5&q=live+music&sort=views&auto=1')
  })

  it('keeps plain /popular plain', () => {
    const { state } = parsePopularSearch(new URLSearchParams())
    expect(popularSearchParams(state).toString()).toBe('')
    expect(popularPath(state)).toBe('/popular')
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
