import turfArea from '@turf/area'
import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import type { MultiPolygon, Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import type { Circle } from './area-types.ts'
import { DEFAULT_MAX_CIRCLES, planCover, suggestRadiusKm } from './cover.ts'
import { PARIS } from './fixtures/paris.ts'
import { COASTLINE_STRIP, FIJI_LIKE, SQUARE } from './fixtures/shapes.ts'
import { haversineKm, normaliseLon } from './local-projection.ts'
import { unwrapShapes } from './unwrap-lon.ts'

const multi = (g: Polygon | MultiPolygon): MultiPolygon =>
  g.type === 'Polygon' ? { type: 'MultiPolygon', coordinates: [g.coordinates] } : g

function bbox(shapes: MultiPolygon): [number, number, number, number] {
  const all = unwrapShapes(shapes).flatMap((p) => p[0]!)
  const lons = all.map((p) => p[0]!)
  const lats = all.map((p) => p[1]!)
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]
}

/**
 * The ideal cover of the shape itself (docs/decisions/0194-covers-measured-against-the-shape.md): its area on the
 * earth (longitudes unwrapped across 180°, `@turf/area`) divided by the hexagonal cell of one circle, r²·3√3/2. No
 * cover by circles of radius r does better than one hexagonal cell per circle by much, and a lattice never does.
 */
function idealCircles(shapes: MultiPolygon, r: number): number {
  const unwrapped: MultiPolygon = { type: 'MultiPolygon', coordinates: unwrapShapes(shapes) }
  return turfArea(unwrapped) / 1e6 / ((r * r * 3 * Math.sqrt(3)) / 2)
}

function bboxAreaKm2(shapes: MultiPolygon): number {
  const [w, s, e, n] = bbox(shapes)
  const ring = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ]
  return turfArea({ type: 'Polygon', coordinates: [ring] }) / 1e6
}

/** Every vertex of every ring and 20 points along each edge: the points a grid misses. */
function boundaryPoints(shapes: MultiPolygon): [number, number][] {
  return unwrapShapes(shapes).flatMap((polygon) =>
    polygon.flatMap((ring) =>
      ring.slice(1).flatMap((q, i) => {
        const p = ring[i]!
        return Array.from({ length: 20 }, (_, k): [number, number] => [
          normaliseLon(p[0]! + ((q[0]! - p[0]!) * k) / 20),
          p[1]! + ((q[1]! - p[1]!) * k) / 20,
        ])
      }),
    ),
  )
}

/** A regular lon/lat grid over the bounding box, fine enough that at least `wanted` of its points fall inside. */
function pointsInside(shapes: MultiPolygon, wanted: number): [number, number][] {
  const unwrapped: MultiPolygon = { type: 'MultiPolygon', coordinates: unwrapShapes(shapes) }
  const [w, s, e, n] = bbox(shapes)
  const fill = turfArea(unwrapped) / 1e6 / bboxAreaKm2(shapes)
  const side = Math.ceil(Math.sqrt(wanted / fill) * 1.1)
  const inside: [number, number][] = []
  for (let i = 0; i <= side; i++)
    for (let j = 0; j <= side; j++) {
      const p: [number, number] = [w + ((e - w) * i) / side, s + ((n - s) * j) / side]
      if (booleanPointInPolygon(p, unwrapped)) inside.push([normaliseLon(p[0]), p[1]])
    }
  return inside
}

function uncovered(points: [number, number][], circles: Circle[]): [number, number][] {
  return points.filter((p) => !circles.some((c) => haversineKm(p, [c.lon, c.lat]) <= c.radiusKm + 1e-9))
}

/** `before`: the circles each fixture took when covers kept every lattice circle touching the shape (one pose). */
const FIXTURES = [
  { name: 'a 20 km square at 45° N', shape: SQUARE, radiusKm: 1, before: 186, bound: 1.3 },
  { name: 'the Paris outline (concave)', shape: PARIS, radiusKm: 1, before: 54, bound: 1.4 },
  { name: 'the Paris outline at 2 km', shape: PARIS, radiusKm: 2, before: 18, bound: 1.7 },
  { name: 'islands across the antimeridian', shape: FIJI_LIKE, radiusKm: 5, before: 194, bound: 1.3 },
  {
    name: 'islands across the antimeridian at 10 km',
    shape: FIJI_LIKE,
    radiusKm: 10,
    before: 62,
    bound: 1.6,
  },
  { name: 'a thin coastline strip', shape: COASTLINE_STRIP, radiusKm: 1, before: 202, bound: 1.7 },
] as const

describe('planCover', { timeout: 60_000 }, () => {
  it.each(FIXTURES)(
    "$name: no point uncovered, fewer circles than $before, within $bound× the shape's own ideal",
    ({ shape, radiusKm, before, bound }) => {
      const shapes = multi(shape)
      const cover = planCover({ shapes }, radiusKm)
      if (!cover.ok) throw new Error(`no cover: ${JSON.stringify(cover)}`)
      const points = pointsInside(shapes, 10_000)
      expect(points.length).toBeGreaterThanOrEqual(10_000)
      expect(uncovered(points, cover.circles)).toEqual([])
      expect(uncovered(boundaryPoints(shapes), cover.circles)).toEqual([])
      expect(cover.circles.length).toBeLessThan(before)
      expect(cover.circles.length).toBeLessThanOrEqual(bound * idealCircles(shapes, radiusKm))
    },
  )

  it('covers overlapping shapes of one area, the overlap included', () => {
    const shifted = (dLon: number, dLat: number): Polygon => ({
      type: 'Polygon',
      coordinates: [SQUARE.coordinates[0]!.map(([lon, lat]) => [lon! + dLon, lat! + dLat])],
    })
    const shapes: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [shifted(0, 0).coordinates, shifted(0.1, 0.08).coordinates],
    }
    const cover = planCover({ shapes }, 2)
    if (!cover.ok) throw new Error('no cover')
    expect(uncovered(pointsInside(shapes, 5_000), cover.circles)).toEqual([])
    expect(uncovered(boundaryPoints(shapes), cover.circles)).toEqual([])
  })

  it('covers a shape smaller than one circle with one circle', () => {
    const tiny: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [2.35, 48.85],
          [2.352, 48.85],
          [2.352, 48.851],
          [2.35, 48.85],
        ],
      ],
    }
    const cover = planCover({ shapes: multi(tiny) }, 1)
    expect(cover.ok && cover.circles.length).toBe(1)
    if (cover.ok) expect(uncovered(boundaryPoints(multi(tiny)), cover.circles)).toEqual([])
  })

  it('names circles c1… and keeps centres in [-180, 180] across the antimeridian', () => {
    const cover = planCover({ shapes: FIJI_LIKE }, 10)
    if (!cover.ok) throw new Error('no cover')
    expect(cover.circles.map((c) => c.id)).toEqual(cover.circles.map((_, i) => `c${i + 1}`))
    for (const c of cover.circles) {
      expect(Math.abs(c.lon)).toBeLessThanOrEqual(180)
      expect(c.radiusKm).toBe(10)
    }
    // Both sides of the line are covered.
    expect(cover.circles.some((c) => c.lon > 179)).toBe(true)
    expect(cover.circles.some((c) => c.lon < -179)).toBe(true)
  })

  it('refuses a plan above the maximum, saying how many circles and the smallest radius that fits', () => {
    const area = { shapes: multi(SQUARE) }
    const refused = planCover(area, 0.3)
    expect(refused).toMatchObject({ ok: false, reason: 'too-many' })
    if (refused.ok || refused.reason !== 'too-many') throw new Error('expected too-many')
    expect(refused.circles).toBeGreaterThan(DEFAULT_MAX_CIRCLES)
    const fits = planCover(area, refused.suggestedRadiusKm)
    expect(fits.ok).toBe(true)
    // One step smaller does not fit: the suggestion is the smallest.
    expect(planCover(area, refused.suggestedRadiusKm - 0.1).ok).toBe(false)
  })

  it('honours a lower maximum', () => {
    const refused = planCover({ shapes: multi(PARIS) }, 2, { maxCircles: 5 })
    expect(refused).toMatchObject({ ok: false, reason: 'too-many' })
    if (refused.ok || refused.reason !== 'too-many') throw new Error('expected too-many')
    expect(planCover({ shapes: multi(PARIS) }, refused.suggestedRadiusKm, { maxCircles: 5 }).ok).toBe(true)
  })

  it('rejects a radius outside 0.1-1000 km', () => {
    for (const r of [0, 0.05, -1, 1001, Number.NaN])
      expect(planCover({ shapes: multi(SQUARE) }, r)).toMatchObject({ ok: false, reason: 'bad-radius' })
  })

  it('uses a list of sites as its own circles', () => {
    const cover = planCover(
      {
        sites: [
          { lat: 48.85, lon: 2.35, radiusKm: 3, label: 'Paris' },
          { lat: 45.76, lon: 4.84, radiusKm: 5 },
        ],
      },
      1,
    )
    expect(cover).toEqual({
      ok: true,
      circles: [
        { id: 'c1', lat: 48.85, lon: 2.35, radiusKm: 3, label: 'Paris' },
        { id: 'c2', lat: 45.76, lon: 4.84, radiusKm: 5 },
      ],
    })
  })

  it('suggests a readable radius giving a handful of circles', () => {
    expect(suggestRadiusKm({ shapes: multi(PARIS) })).toBe(2)
    const r = suggestRadiusKm({ shapes: multi(SQUARE) })
    const cover = planCover({ shapes: multi(SQUARE) }, r)
    expect(cover.ok && cover.circles.length).toBeGreaterThanOrEqual(5)
    expect(cover.ok && cover.circles.length).toBeLessThanOrEqual(60)
  })
})
