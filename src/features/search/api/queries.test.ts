import { describe, expect, it } from 'vitest'
import { searchApiPath, searchQueries, searchRequest } from './queries.ts'

describe('search requests', () => {
  it('send the radius in km whatever the unit, so the same circle is the same (cached) request', () => {
    const km = searchRequest({ lat: 48.8566, lng: 2.3522, radius: 10, unit: 'km' })
    const m = searchRequest({ lat: 48.8566, lng: 2.3522, radius: 10000, unit: 'm' })
    expect(km).toEqual({ location: '48.8566,2.3522', locationRadius: '10km', type: 'video' })
    expect(m).toEqual(km)
    expect(searchQueries.pages(m).queryKey).toEqual(searchQueries.pages(km).queryKey)
    expect(searchRequest({ lat: 1, lng: 2, radius: 1, unit: 'mi' }).locationRadius).toBe('1.609344km')
    expect(searchRequest({ lat: 1, lng: 2, radius: 3280839.895, unit: 'ft' }).locationRadius).toBe('1000km')
  })

  it('round the location so map-click noise does not make a new paid request', () => {
    const a = searchRequest({ lat: 48.856600001, lng: 2.352200004, radius: 10, unit: 'km' })
    expect(a.location).toBe('48.8566,2.3522')
    expect(searchQueries.pages(a).queryKey).not.toEqual(
      searchQueries.pages(searchRequest({ lat: 48.8567, lng: 2.3522, radius: 10, unit: 'km' })).queryKey,
    )
  })

  it('build the exact /api URL of each page (what quotes are asked for)', () => {
    const r = searchRequest({ lat: 48.8566, lng: 2.3522, radius: 25, unit: 'km' })
    expect(searchApiPath(r)).toBe('/api/search?location=48.8566%2C2.3522&locationRadius=25km&type=video')
    expect(searchApiPath(r, 'CDIQAA')).toBe(
      '/api/search?location=48.8566%2C2.3522&locationRadius=25km&type=video&pageToken=CDIQAA',
    )
  })

  it('page on with nextPageToken and stop without it', () => {
    const o = searchQueries.pages(searchRequest({ lat: 0, lng: 0, radius: 1, unit: 'km' }))
    const page = { regionCode: 'FR', totalResults: 1, resultsPerPage: 50, data: [] }
    expect(o.getNextPageParam({ ...page, nextPageToken: 'abc' }, [], undefined, [])).toBe('abc')
    expect(o.getNextPageParam(page, [], undefined, [])).toBeUndefined()
    expect(o.getNextPageParam({ ...page, nextPageToken: '' }, [], undefined, [])).toBeUndefined()
  })
})
