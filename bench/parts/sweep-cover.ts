/**
 * Area-sweep covers: per fixture, the circles planned and their ratio to the shape's own ideal (its area over the
 * hexagonal cell of one circle, r²·3√3/2), against the circles the same fixture took before.
 */
import turfArea from '@turf/area'
import type { MultiPolygon, Polygon } from 'geojson'
import { planCover } from '#lib/area/cover.ts'
import { PARIS } from '#lib/area/fixtures/paris.ts'
import { COASTLINE_STRIP, FIJI_LIKE, SQUARE } from '#lib/area/fixtures/shapes.ts'
import { unwrapShapes } from '#lib/area/unwrap-lon.ts'
import type { Row } from '../lib/report.ts'

const multi = (g: Polygon | MultiPolygon): MultiPolygon =>
  g.type === 'Polygon' ? { type: 'MultiPolygon', coordinates: [g.coordinates] } : g

/** The counts before covers were measured against the shape's own ideal (one lattice pose, every touching circle kept). */
const FIXTURES = [
  { name: 'square 20 km, 1 km', shape: SQUARE, radiusKm: 1, before: 186, city: false },
  { name: 'Paris, 1 km', shape: PARIS, radiusKm: 1, before: 54, city: true },
  { name: 'Paris, 2 km', shape: PARIS, radiusKm: 2, before: 18, city: false },
  { name: 'Paris, 5 km', shape: PARIS, radiusKm: 5, before: 5, city: false },
  { name: 'Paris, 10 km', shape: PARIS, radiusKm: 10, before: 2, city: false },
  { name: 'islands across 180°, 5 km', shape: FIJI_LIKE, radiusKm: 5, before: 194, city: false },
  { name: 'islands across 180°, 10 km', shape: FIJI_LIKE, radiusKm: 10, before: 62, city: false },
  { name: 'coastline strip, 1 km', shape: COASTLINE_STRIP, radiusKm: 1, before: 202, city: false },
] as const

/** The city fixture's bound: circles at most this many times its own ideal. */
const CITY_BOUND = 1.3

export type CoverFigures = { name: string; circles: number; before: number; ideal: number; ratio: number }

export function coverFigures(): CoverFigures[] {
  return FIXTURES.map(({ name, shape, radiusKm, before }) => {
    const shapes = multi(shape)
    const cover = planCover({ shapes }, radiusKm)
    if (!cover.ok) throw new Error(`no cover of ${name}: ${JSON.stringify(cover)}`)
    const areaKm2 = turfArea({ type: 'MultiPolygon', coordinates: unwrapShapes(shapes) }) / 1e6
    const ideal = areaKm2 / ((radiusKm * radiusKm * 3 * Math.sqrt(3)) / 2)
    return { name, circles: cover.circles.length, before, ideal, ratio: cover.circles.length / ideal }
  })
}

export function coverRows(figures: readonly CoverFigures[]): Row[] {
  return figures.map((f) => {
    const city = FIXTURES.find((x) => x.name === f.name)?.city ?? false
    return {
      part: 'sweep',
      measure: `cover of ${f.name}`,
      value: `${f.circles} circles`,
      compare: `${f.before} before · ideal ${f.ideal.toFixed(1)}`,
      ratio: `${f.ratio.toFixed(2)}× own ideal`,
      target: city ? `≤ ${CITY_BOUND}× own ideal; fewer than before` : 'fewer than before',
      met: f.circles < f.before && (!city || f.ratio <= CITY_BOUND),
    }
  })
}
