/**
 * Covers an area with search circles: a hexagonal layout (neighbours radius·√3 apart, rows radius·1.5 apart) in a
 * local projection of the area, keeping every circle that touches it, so every point of the area lies in a circle.
 * Works at any latitude and across the antimeridian. A list of sites is its own cover (one circle per site).
 * docs/decisions/0156-area-cover.md
 */
import turfArea from '@turf/area'
import booleanIntersects from '@turf/boolean-intersects'
import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import turfCircle from '@turf/circle'
import type { MultiPolygon, Position } from 'geojson'
import { isShapes, MAX_RADIUS_KM, type Area, type Circle } from './area-types.ts'
import { localProjection, normaliseLon, type LonLat, type Xy } from './local-projection.ts'
import { unwrapShapes } from './unwrap-lon.ts'

/** Above this many circles a plan is refused with a larger radius offered (docs/decisions/0156-area-cover.md). */
export const DEFAULT_MAX_CIRCLES = 400
/** The smallest radius a cover is planned with (100 m): smaller circles would only multiply paid pages. */
const MIN_COVER_RADIUS_KM = 0.1
/** Lattice positions beyond this are not tested one by one: the count is estimated from the area. */
const MAX_CANDIDATES = 40_000
/** The test polygon is a little larger than the circle, so a circle that touches the area is never dropped. */
const TEST_SLACK = 1.01
const TEST_STEPS = 64
/** Centres are rounded to 5 decimals (under 1 m): the lattice is laid 2 m tighter so rounding never opens a gap. */
const ROUNDING_MARGIN_KM = 0.002
/** Lattice offsets tried (in thirds of a step each way): the cover keeps the one with fewest circles. */
const PHASES = [0, 1 / 3, 2 / 3]

export type CoverOptions = { maxCircles?: number }

export type CoverResult =
  | { ok: true; circles: Circle[] }
  /**
   * `circles` is how many the radius would take (estimated from the area when very many); `suggestedRadiusKm` the
   * smallest radius (0.1 km steps below 1 km, whole km above) that fits; 0 for a list of sites (no radius helps).
   */
  | { ok: false; reason: 'too-many'; circles: number; suggestedRadiusKm: number }
  /** The radius is not a number from 0.1 to 1000 km. */
  | { ok: false; reason: 'bad-radius'; message: string }

type Box = [number, number, number, number]

type Prepared = {
  /** The shapes with continuous longitudes. */
  shapes: MultiPolygon
  project: ReturnType<typeof localProjection>
  /** The projected bounding box [minX, minY, maxX, maxY] in km. */
  box: Box
  /** Each polygon's projected box: lattice points far from all of them are dropped without a geometry test. */
  boxes: Box[]
  areaKm2: number
}

function prepare(shapes: MultiPolygon): Prepared {
  const coordinates = unwrapShapes(shapes)
  const all = coordinates.flatMap((polygon) => polygon[0]!)
  const lons = all.map((p) => p[0]!)
  const lats = all.map((p) => p[1]!)
  const centre: LonLat = [
    (Math.min(...lons) + Math.max(...lons)) / 2,
    (Math.min(...lats) + Math.max(...lats)) / 2,
  ]
  const project = localProjection(centre)
  // Edges are densified so the projected box holds the curved images of long straight lon/lat edges.
  const boxes = coordinates.map((polygon) =>
    boxOf(densify(polygon[0]!).map((p) => project.forward(p as LonLat))),
  )
  const unwrapped: MultiPolygon = { type: 'MultiPolygon', coordinates }
  return {
    shapes: unwrapped,
    project,
    box: [
      Math.min(...boxes.map((b) => b[0])),
      Math.min(...boxes.map((b) => b[1])),
      Math.max(...boxes.map((b) => b[2])),
      Math.max(...boxes.map((b) => b[3])),
    ],
    boxes,
    areaKm2: turfArea(unwrapped) / 1e6,
  }
}

function boxOf(xy: readonly Xy[]): Box {
  const xs = xy.map((p) => p[0])
  const ys = xy.map((p) => p[1])
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

/** Whether a plane point is within `d` km of a box. */
function nearBox([x, y]: Xy, [minX, minY, maxX, maxY]: Box, d: number): boolean {
  return x >= minX - d && x <= maxX + d && y >= minY - d && y <= maxY + d
}

function densify(ring: readonly Position[], parts = 8): Position[] {
  return ring.flatMap((p, i) => {
    const q = ring[i + 1]
    if (!q) return [p]
    return Array.from({ length: parts }, (_, k) => [
      p[0]! + ((q[0]! - p[0]!) * k) / parts,
      p[1]! + ((q[1]! - p[1]!) * k) / parts,
    ])
  })
}

/** Hexagonal lattice points over the box grown by one radius, row by row from the south. */
function lattice(box: Box, r: number, phaseX: number, phaseY: number): Xy[] {
  const dx = r * Math.sqrt(3)
  const dy = r * 1.5
  const points: Xy[] = []
  const [minX, minY, maxX, maxY] = box
  for (let row = 0, y = minY - r + phaseY * dy; y <= maxY + r; row++, y += dy) {
    const shift = (row % 2) * (dx / 2) + phaseX * dx
    for (let x = minX - r + shift - dx; x <= maxX + r; x += dx) points.push([x, y])
  }
  return points
}

function latticeSize(box: Box, r: number): number {
  return ((box[2] - box[0] + 2 * r) / (r * Math.sqrt(3)) + 2) * ((box[3] - box[1] + 2 * r) / (r * 1.5) + 1)
}

function touches(p: Prepared, centre: LonLat, r: number): boolean {
  if (booleanPointInPolygon(centre, p.shapes)) return true
  return booleanIntersects(
    turfCircle(centre, r * TEST_SLACK, { steps: TEST_STEPS, units: 'kilometers' }),
    p.shapes,
  )
}

/** The lattice's kept centres (unwrapped lon); stops counting once past `limit`. */
function keptCentres(p: Prepared, r: number, phaseX: number, phaseY: number, limit: number): LonLat[] {
  const kept: LonLat[] = []
  for (const xy of lattice(p.box, r - ROUNDING_MARGIN_KM, phaseX, phaseY)) {
    // Twice the radius: the plane overstates distances a little, never by half (areas span far less than a hemisphere).
    if (!p.boxes.some((b) => nearBox(xy, b, 2 * r))) continue
    const centre = p.project.inverse(xy)
    if (touches(p, centre, r)) kept.push(centre)
    if (kept.length > limit) break
  }
  return kept
}

/** About how many circles a radius takes when there are too many lattice points to test. */
function estimate(p: Prepared, r: number): number {
  const perimeterKm = p.shapes.coordinates.reduce((s, polygon) => {
    const ring = polygon[0]!.map((q) => p.project.forward(q as LonLat))
    return s + ring.slice(1).reduce((t, q, i) => t + Math.hypot(q[0] - ring[i]![0], q[1] - ring[i]![1]), 0)
  }, 0)
  return Math.ceil(p.areaKm2 / ((r * r * 3 * Math.sqrt(3)) / 2) + perimeterKm / (r * Math.sqrt(3)))
}

function countAt(p: Prepared, r: number, limit: number): number {
  if (latticeSize(p.box, r) > MAX_CANDIDATES) return Math.max(limit + 1, estimate(p, r))
  return keptCentres(p, r, 0, 0, limit).length
}

/** Readable radii: 0.1 km steps below 1 km, whole km from 1 to 1000. */
function readableRadius(index: number): number {
  return index < 10 ? (index + 1) / 10 : index - 8
}
const READABLE_STEPS = 10 + (MAX_RADIUS_KM - 1)

function smallestFitting(p: Prepared, from: number, limit: number): number {
  let lo = 0
  let hi = READABLE_STEPS - 1
  while (readableRadius(lo) <= from && lo < hi) lo++
  // Binary search on the readable radii; the largest radius always ends the search.
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (countAt(p, readableRadius(mid), limit) <= limit) hi = mid
    else lo = mid + 1
  }
  return readableRadius(lo)
}

function checkRadius(radiusKm: number): string | undefined {
  if (!Number.isFinite(radiusKm) || radiusKm < MIN_COVER_RADIUS_KM || radiusKm > MAX_RADIUS_KM)
    return `The radius must be a number from ${MIN_COVER_RADIUS_KM} to ${MAX_RADIUS_KM} km.`
  return undefined
}

function toCircles(centres: readonly LonLat[], radiusKm: number): Circle[] {
  return centres.map(([lon, lat], i) => ({
    id: `c${i + 1}`,
    lat: round5(lat),
    lon: round5(normaliseLon(lon)),
    radiusKm,
  }))
}

/** Centres to 5 decimals (about 1 m), as the search URL writes them: the cover test uses the rounded centres. */
function round5(n: number): number {
  const r = Math.round(n * 1e5) / 1e5
  return Object.is(r, -0) ? 0 : r
}

export function planCover(area: Area, radiusKm: number, options: CoverOptions = {}): CoverResult {
  const limit = options.maxCircles ?? DEFAULT_MAX_CIRCLES
  if (!isShapes(area)) {
    if (area.sites.length > limit)
      return { ok: false, reason: 'too-many', circles: area.sites.length, suggestedRadiusKm: 0 }
    return {
      ok: true,
      circles: area.sites.map((s, i) => ({
        id: `c${i + 1}`,
        lat: s.lat,
        lon: s.lon,
        radiusKm: s.radiusKm,
        ...(s.label ? { label: s.label } : {}),
      })),
    }
  }
  const problem = checkRadius(radiusKm)
  if (problem) return { ok: false, reason: 'bad-radius', message: problem }
  const p = prepare(area.shapes)
  const first = countAt(p, radiusKm, limit)
  if (first > limit) {
    const circles =
      latticeSize(p.box, radiusKm) > MAX_CANDIDATES ? estimate(p, radiusKm) : countWithoutLimit(p, radiusKm)
    return { ok: false, reason: 'too-many', circles, suggestedRadiusKm: smallestFitting(p, radiusKm, limit) }
  }
  let best = keptCentres(p, radiusKm, 0, 0, Infinity)
  // A few lattice offsets, when the lattice is small enough to try them: the fewest circles wins.
  if (latticeSize(p.box, radiusKm) * PHASES.length ** 2 <= MAX_CANDIDATES) {
    for (const px of PHASES)
      for (const py of PHASES) {
        if (px === 0 && py === 0) continue
        const kept = keptCentres(p, radiusKm, px, py, best.length - 1)
        if (kept.length < best.length) best = kept
      }
  }
  return { ok: true, circles: toCircles(best, radiusKm) }
}

function countWithoutLimit(p: Prepared, r: number): number {
  return keptCentres(p, r, 0, 0, Infinity).length
}

/** A radius that covers the area in about 20 circles, rounded up to 1, 2 or 5 times a power of ten (0.1 to 1000 km). */
export function suggestRadiusKm(area: Area): number {
  if (!isShapes(area)) {
    const radii = area.sites.map((s) => s.radiusKm).sort((a, b) => a - b)
    return radii[Math.floor(radii.length / 2)] ?? 1
  }
  const areaKm2 = turfArea({ type: 'MultiPolygon', coordinates: unwrapShapes(area.shapes) }) / 1e6
  const r = Math.sqrt(areaKm2 / (20 * ((3 * Math.sqrt(3)) / 2)))
  for (const decade of [0.1, 1, 10, 100, 1000])
    for (const m of [1, 2, 5]) if (m * decade >= r && m * decade <= MAX_RADIUS_KM) return m * decade
  return MAX_RADIUS_KM
}
