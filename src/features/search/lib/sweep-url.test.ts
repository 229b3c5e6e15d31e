import { describe, expect, it } from 'vitest'
import type { Area } from '#lib/area/area-types.ts'
import { parseSweepUrl, sweepPath } from './sweep-url.ts'

const SQUARE: Area = {
  shapes: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [2.31, 48.835],
          [2.39, 48.835],
          [2.39, 48.875],
          [2.31, 48.875],
          [2.31, 48.835],
        ],
      ],
    ],
  },
}

const parse = (path: string) => parseSweepUrl(new URLSearchParams(path.split('?')[1]))

describe('the sweep URL', () => {
  it('starts empty: the search route with an empty area parameter', () => {
    expect(sweepPath()).toBe('/search?area=')
    expect(parse(sweepPath())).toEqual({
      area: undefined,
      radiusKm: undefined,
      depth: { kind: 'first' },
      maxUsd: undefined,
      problem: undefined,
    })
  })

  it('round-trips the area, radius, depth and maximum', () => {
    const path = sweepPath({ area: SQUARE, radiusKm: 2.5, depth: { kind: 'pages', pages: 4 }, maxUsd: 0.25 })
    expect(path).toMatch(/^\/search\?area=[A-Za-z0-9_-]+&r=2\.5&depth=4&max=0\.25$/)
    expect(parse(path)).toEqual({
      area: SQUARE,
      radiusKm: 2.5,
      depth: { kind: 'pages', pages: 4 },
      maxUsd: 0.25,
      problem: undefined,
    })
    expect(parse(sweepPath({ area: SQUARE, depth: { kind: 'all' } })).depth).toEqual({ kind: 'all' })
  })

  it('names every part of a damaged link and keeps the rest', () => {
    const good = sweepPath({ area: SQUARE })
    const r = parse(`${good}&r=-3&depth=deep&max=lots`)
    expect(r.area).toEqual(SQUARE)
    expect(r.radiusKm).toBeUndefined()
    expect(r.depth).toEqual({ kind: 'first' })
    expect(r.problem).toBe(
      'The radius "-3" is not a number of kilometres greater than 0. The depth "deep" is not 1, a number of pages or "all". The maximum "lots" is not an amount in US dollars.',
    )
    const damaged = parse('/search?area=s!!!&r=2')
    expect(damaged.area).toBeUndefined()
    expect(damaged.radiusKm).toBe(2)
    expect(damaged.problem).toBeTruthy()
  })
})
