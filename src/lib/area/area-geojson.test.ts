import { describe, expect, it } from 'vitest'
import { areaBounds, areaFeature, circleGeometry, circlePolygon } from './area-geojson.ts'
import { FIJI_LIKE } from './fixtures/shapes.ts'
import { haversineKm } from './local-projection.ts'
import { unwrapShapes } from './unwrap-lon.ts'

describe('area GeoJSON', () => {
  it('draws a circle as a closed polygon whose vertices are the radius away', () => {
    const ring = circlePolygon({ lat: 48.85, lon: 2.35, radiusKm: 5 }, 32).coordinates[0]!
    expect(ring).toHaveLength(33)
    expect(ring[0]).toEqual(ring[32])
    for (const p of ring) expect(haversineKm([2.35, 48.85], p as [number, number])).toBeCloseTo(5, 3)
  })

  it('splits a circle across 180° into two polygons that meet at the line, every longitude in range', () => {
    const g = circleGeometry({ lat: -17, lon: 179.95, radiusKm: 20 })
    expect(g.type).toBe('MultiPolygon')
    if (g.type !== 'MultiPolygon') return
    const [west, east] = g.coordinates.map((p) => p[0]!)
    expect(Math.max(...west!.map((p) => p[0]!))).toBe(180)
    expect(Math.min(...east!.map((p) => p[0]!))).toBe(-180)
    for (const ring of [west!, east!]) {
      expect(ring[0]).toEqual(ring[ring.length - 1])
      for (const [lon] of ring) expect(Math.abs(lon!)).toBeLessThanOrEqual(180)
    }
    expect(circleGeometry({ lat: -17, lon: 179, radiusKm: 20 }).type).toBe('Polygon')
  })

  it('gives a list of sites as their circles, with the sites in the properties', () => {
    const sites = [
      { lat: 48.85, lon: 2.35, radiusKm: 2, label: 'Paris' },
      { lat: -17, lon: -179.99, radiusKm: 5 },
    ]
    const f = areaFeature({ sites })
    expect(f.properties).toEqual({ kind: 'sites', sites })
    // The second site crosses 180°: two polygons.
    expect(f.geometry.coordinates).toHaveLength(3)
  })

  it('bounds islands across 180° as one narrow box (east past 180)', () => {
    const [[south, west], [north, east]] = areaBounds({ shapes: FIJI_LIKE })
    expect([south, north]).toEqual([-18.2, -16.45])
    expect(west).toBe(177.9)
    expect(east).toBeCloseTo(181, 6)
  })

  it('makes rings continuous across 180° and keeps far-apart shapes where they are', () => {
    const crossing = unwrapShapes({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [179, 0],
            [-179, 0],
            [-179, 1],
            [179, 1],
            [179, 0],
          ],
        ],
      ],
    })
    expect(crossing[0]![0]!.map((p) => p[0])).toEqual([179, 181, 181, 179, 179])
    const apart = unwrapShapes({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [2, 48],
            [3, 48],
            [3, 49],
            [2, 48],
          ],
        ],
        [
          [
            [-74, 40],
            [-73, 40],
            [-73, 41],
            [-74, 40],
          ],
        ],
      ],
    })
    expect(apart[1]![0]![0]).toEqual([-74, 40])
  })
})
