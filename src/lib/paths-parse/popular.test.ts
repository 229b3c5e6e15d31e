import { describe, expect, it } from 'vitest'
import { popularPath, popularSearchParams } from '#lib/paths/popular.ts'
import { parsePopularSearch } from './popular.ts'

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
