import { describe, expect, it } from 'vitest'
import { parseDecimal, parseSearchUrl, roundCoordinate, searchPath } from './search.ts'

const parse = (qs: string) => parseSearchUrl(new URLSearchParams(qs))

describe('parseSearchUrl (URL → state)', () => {
  it('reads a complete search', () => {
    const s = parse('location=48.8566,2.3522&radius=10&unit=km&q=metro&sort=date')
    expect(s.search).toEqual({ lat: 48.8566, lng: 2.3522, radius: 10, unit: 'km' })
    expect(s.raw).toEqual({ location: '48.8566,2.3522', radius: '10', unit: 'km' })
    expect(s.q).toBe('metro')
    expect(s.sort).toBe('date')
    expect(s.problem).toBeUndefined()
  })

  it('has no search and no problem without a location; the form gets the default radius', () => {
    const s = parse('')
    expect(s.search).toBeUndefined()
    expect(s.problem).toBeUndefined()
    expect(s.raw).toEqual({ location: '', radius: '10', unit: 'km' })
    expect(s.sort).toBe('relevance')
  })

  it('accepts every unit and defaults to km', () => {
    expect(parse('location=1,2&radius=5&unit=mi').search?.unit).toBe('mi')
    expect(parse('location=1,2&radius=500&unit=FT').search).toEqual({
      lat: 1,
      lng: 2,
      radius: 500,
      unit: 'ft',
    })
    expect(parse('location=1,2&radius=5').search?.unit).toBe('km')
  })

  it('refuses a radius over 1000 km in any unit, with the limit in that unit', () => {
    const s = parse('location=48.8566,2.3522&radius=700&unit=mi')
    expect(s.search).toBeUndefined()
    expect(s.problem).toBe('The radius can be at most 1000 km (621.371 mi).')
    expect(s.raw.radius).toBe('700')
    expect(parse('location=1,2&radius=1000&unit=km').search?.radius).toBe(1000)
  })

  it('refuses 0, negatives, words, bad units and bad coordinates, naming what is wrong', () => {
    expect(parse('location=1,2&radius=0&unit=km').problem).toBe('The radius must be greater than 0.')
    expect(parse('location=1,2&radius=-3&unit=km').problem).toMatch(
      /radius "-3" is not a number|greater than 0/,
    )
    expect(parse('location=1,2&radius=ten&unit=km').problem).toBe('The radius "ten" is not a number.')
    expect(parse('location=1,2&radius=3&unit=yd').problem).toBe('The unit "yd" is not one of km, m, mi, ft.')
    expect(parse('location=91,2&radius=3').problem).toBe('Latitude must be a number from -90 to 90.')
    expect(parse('location=paris&radius=3').problem).toMatch(/^location must be/)
    expect(parse('location=1,2').problem).toBe(
      'The link has a location but no radius; press Search to use 10 km.',
    )
  })

  it('ignores an unknown sort', () => {
    expect(parse('sort=views').sort).toBe('relevance')
  })

  it('rounds coordinates to 5 decimals', () => {
    expect(parse('location=48.856612345,2.35221999&radius=1').search).toMatchObject({
      lat: 48.85661,
      lng: 2.35222,
    })
  })
})

describe('searchPath (state → URL)', () => {
  it('writes a readable URL that parses back to the same search and view', () => {
    const url = searchPath(
      { lat: 48.8566, lng: 2.3522, radius: 6.2, unit: 'mi' },
      { q: 'café & bar', sort: 'title' },
    )
    expect(url).toBe('/search?location=48.8566,2.3522&radius=6.2&unit=mi&q=caf%C3%A9%20%26%20bar&sort=title')
    const back = parseSearchUrl(new URL(url, 'http://x').searchParams)
    expect(back.search).toEqual({ lat: 48.8566, lng: 2.3522, radius: 6.2, unit: 'mi' })
    expect(back.q).toBe('café & bar')
    expect(back.sort).toBe('title')
  })

  it('leaves out the default view', () => {
    expect(
      searchPath({ lat: -33.9249, lng: 18.4241, radius: 500, unit: 'm' }, { q: '', sort: 'relevance' }),
    ).toBe('/search?location=-33.9249,18.4241&radius=500&unit=m')
  })
})

describe('helpers', () => {
  it('parseDecimal takes plain decimals only', () => {
    expect(parseDecimal('10')).toBe(10)
    expect(parseDecimal(' -2.5 ')).toBe(-2.5)
    expect(parseDecimal('.5')).toBe(0.5)
    for (const bad of ['', '1e3', '0x10', '1,5', '10km', 'NaN', 'Infinity'])
      expect(parseDecimal(bad)).toBeUndefined()
  })

  it('roundCoordinate never gives -0', () => {
    expect(Object.is(roundCoordinate(-0.000001), 0)).toBe(true)
    expect(roundCoordinate(2.352219)).toBe(2.35222)
  })
})
