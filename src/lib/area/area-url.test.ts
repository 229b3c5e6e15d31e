import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Area } from './area-types.ts'
import { decodeArea, encodeArea } from './area-url.ts'
import { PARIS } from './fixtures/paris.ts'
import { BOW_TIE, FIJI_LIKE } from './fixtures/shapes.ts'

const paris: Area = { shapes: { type: 'MultiPolygon', coordinates: [PARIS.coordinates] } }

function decoded(text: string): Area {
  const result = decodeArea(text)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  return result.area
}

describe('area in the URL', () => {
  it('round-trips the fixtures exactly (they are written at 5 decimals or fewer)', () => {
    for (const area of [paris, { shapes: FIJI_LIKE }]) expect(decoded(encodeArea(area))).toEqual(area)
  })

  it('is short and URL-safe: nothing to escape in a query string', () => {
    const text = encodeArea(paris)
    expect(text).toMatch(/^s[A-Za-z0-9_-]+$/)
    expect(new URLSearchParams({ area: text }).toString()).toBe(`area=${text}`)
    // 58 vertices of Paris in well under 8 characters each.
    expect(text.length).toBeLessThan(58 * 8)
  })

  it('round-trips a list of sites with labels (any text) and without', () => {
    const sites: Area = {
      sites: [
        { lat: 48.8566, lon: 2.3522, radiusKm: 2.5, label: 'Paris, "centre" é 東京' },
        { lat: -33.86785, lon: 151.20732, radiusKm: 1000 },
      ],
    }
    const text = encodeArea(sites)
    expect(text).toMatch(/^p[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    expect(decoded(text)).toEqual(sites)
    expect(encodeArea({ sites: [{ lat: 1, lon: 2, radiusKm: 3 }] })).not.toContain('.')
  })

  it('rounds to 5 decimals and is stable: encode(decode(encode(a))) = encode(a)', () => {
    const position = fc.tuple(
      fc.double({ min: -179.99, max: 179.99, noNaN: true }),
      fc.double({ min: -89.99, max: 89.99, noNaN: true }),
    )
    fc.assert(
      fc.property(position, ([lon, lat]) => {
        // A small triangle at an arbitrary place.
        const ring = [
          [lon, lat],
          [lon + 0.01, lat],
          [lon, lat + 0.01],
          [lon, lat],
        ]
        const text = encodeArea({ shapes: { type: 'MultiPolygon', coordinates: [[ring]] } })
        const back = decoded(text)
        expect(encodeArea(back)).toBe(text)
        const first = 'shapes' in back && back.shapes.coordinates[0]![0]![0]!
        expect(first).toEqual([Math.round(lon * 1e5) / 1e5 || 0, Math.round(lat * 1e5) / 1e5 || 0])
      }),
      { numRuns: 200 },
    )
  })

  it('says a damaged link is damaged, and why', () => {
    const good = encodeArea(paris)
    const cases: [string, RegExp][] = [
      ['', /does not start with "s"/],
      ['xABC', /does not start with "s"/],
      [good.slice(0, -3), /ends too early|left over/],
      [`${good}AAAA`, /left over/],
      ['s%%', /"%" is not allowed/],
      // 401 sites: 401 = 12·32 + 17, written 'x' (17 + 32, more follows) then 'M' (12).
      ['pxM', /counts 401 items where at most 400/],
      ['p_____________A', /too long/],
      [`${encodeArea({ sites: [{ lat: 1, lon: 2, radiusKm: 3 }] })}.!!`, /labels cannot be read/],
    ]
    for (const [text, message] of cases) {
      const result = decodeArea(text)
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.errors[0]!.message).toMatch(/^The link's area is damaged: /)
        expect(result.errors[0]!.message).toMatch(message)
        expect(result.errors[0]!.where).toBe('area')
      }
    }
  })

  it('validates what it decodes (a crossing outline in a link is still refused)', () => {
    const bowTie: Area = { shapes: { type: 'MultiPolygon', coordinates: [BOW_TIE.coordinates] } }
    const result = decodeArea(encodeArea(bowTie))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.errors[0]!.message).toMatch(/crosses itself/)
  })
})
