/**
 * Covers an area with search circles: hexagonal cells (centres radius·√3 apart, rows radius·1.5 apart) in a local
 * projection of the area, turned and moved to whichever of a few poses keeps the fewest cells that touch the area,
 * then without the circles whose share the others already cover. Every point of the area lies in a circle, at any
 * latitude and across the antimeridian. A list of sites is its own cover (one circle per site).
 * docs/decisions/0156-area-cover.md, docs/decisions/0194-covers-measured-against-the-shape.md
 */
import turfArea from '@turf/area'
import type { MultiPolygon } from 'geojson'
import { isShapes, MAX_RADIUS_KM, type Area, type Circle } from './area-types.ts'
import {
  cellsOfPose,
  frameOf,
  latticeSize,
  toPlane,
  type Cell,
  type Frame,
  type LatticePose,
} from './hex-lattice.ts'
import { localProjection, normaliseLon, type LonLat, type Xy } from './local-projection.ts'
import { mergeEdgeCells } from './merge-edge-cells.ts'
import { planeShape, type PlaneShape } from './plane-shape.ts'
import { unwrapShapes } from './unwrap-lon.ts'

/** Above this many circles a plan is refused with a larger radius offered (docs/decisions/0156-area-cover.md). */
export const DEFAULT_MAX_CIRCLES = 400
/** The smallest radius a cover is planned with (100 m): smaller circles would only multiply paid pages. */
const MIN_COVER_RADIUS_KM = 0.1
/** Lattice positions beyond this are not tested one by one: the count is estimated from the area. */
const MAX_CANDIDATES = 40_000
/** Centres are rounded to 5 decimals (under 1 m): the circles are planned 1 m smaller so rounding never opens a gap. */
const ROUNDING_MARGIN_KM = 0.001
/** The cells sit 1 m inside the circles' polygons, so the polygons that prune the cover hold every cell. */
const CELL_MARGIN_KM = 0.001
/** How far a projected outline may stray from the true one, as a share of the radius. */
const OUTLINE_TOLERANCE = 1e-4
/** Poses tried: six turns (the lattice repeats every 60°) × four offsets each way; fewer on large lattices. */
const TURNS = [0, 10, 20, 30, 40, 50].map((deg) => (deg * Math.PI) / 180)
const OFFSETS = [0, 0.25, 0.5, 0.75]
/** Lattice positions tested per plan, at most: a large lattice tries fewer poses. */
const POSITION_BUDGET = 600_000
/** Lattices merged along the outline: those within this many cells of the fewest, at most this many. */
const MERGE_SLACK = 2
const MERGE_TRIES = 8

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

type Prepared = {
  /** The shapes with continuous longitudes. */
  shapes: MultiPolygon
  project: ReturnType<typeof localProjection>
  areaKm2: number
  /** The outline in the plane for each radius planned (its tolerance follows the radius). */
  plane(radiusKm: number): PlaneShape
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
  const unwrapped: MultiPolygon = { type: 'MultiPolygon', coordinates }
  const planes = new Map<number, PlaneShape>()
  return {
    shapes: unwrapped,
    project,
    areaKm2: turfArea(unwrapped) / 1e6,
    plane(radiusKm) {
      const tolerance = radiusKm * OUTLINE_TOLERANCE
      let plane = planes.get(tolerance)
      if (!plane) planes.set(tolerance, (plane = planeShape(coordinates, project, tolerance)))
      return plane
    },
  }
}

/** The circumradius of the cells for circles of radius r: smaller by the rounding, the outline's error and a margin. */
function cellRadius(plane: PlaneShape, r: number): number {
  return r - ROUNDING_MARGIN_KM - plane.errorKm - CELL_MARGIN_KM
}

function posesFor(plane: PlaneShape, rho: number): LatticePose[] {
  const all = TURNS.flatMap((rotation) =>
    OFFSETS.flatMap((phaseX) => OFFSETS.map((phaseY) => ({ rotation, phaseX, phaseY }))),
  )
  const size = latticeSize(plane, rho)
  if (size * all.length <= POSITION_BUDGET) return all
  const offsets = all.filter((p) => p.rotation === 0)
  return size * offsets.length <= POSITION_BUDGET ? offsets : [all[0]!]
}

function tooLarge(p: Prepared, r: number): boolean {
  const plane = p.plane(r)
  return latticeSize(plane, cellRadius(plane, r)) > MAX_CANDIDATES
}

type Lattice = { frame: Frame; cells: Cell[] }

/** Each pose's kept cells at radius r, poses keeping more than `limit` left out; stops at the first if `first`. */
function lattices(p: Prepared, r: number, limit: number, first = false): Lattice[] {
  const plane = p.plane(r)
  const rho = cellRadius(plane, r)
  const frames = new Map<number, Frame>()
  const found: Lattice[] = []
  for (const pose of posesFor(plane, rho)) {
    let frame = frames.get(pose.rotation)
    if (!frame) frames.set(pose.rotation, (frame = frameOf(plane, pose.rotation, rho)))
    const cells = cellsOfPose(frame, rho, pose.phaseX, pose.phaseY, limit)
    if (cells.length > limit) continue
    found.push({ frame, cells })
    if (first) break
  }
  return found
}

/** The fewest centres (plane) over the poses whose lattices keep fewest cells, once merged along the outline. */
function fewestCentres(found: readonly Lattice[], rho: number): Xy[] {
  const fewest = Math.min(...found.map((l) => l.cells.length))
  const tried = found.filter((l) => l.cells.length <= fewest + MERGE_SLACK).slice(0, MERGE_TRIES)
  let best: Xy[] | undefined
  for (const { frame, cells } of tried) {
    const centres = mergeEdgeCells(frame, cells, rho)
    if (!best || centres.length < best.length) best = centres.map((uv) => toPlane(frame, uv))
  }
  return best!
}

/** About how many circles a radius takes when there are too many lattice points to test. */
function estimate(p: Prepared, r: number): number {
  const perimeterKm = p.plane(r).segments.reduce((s, { a, b }) => s + Math.hypot(b[0] - a[0], b[1] - a[1]), 0)
  return Math.ceil(p.areaKm2 / ((r * r * 3 * Math.sqrt(3)) / 2) + perimeterKm / (r * Math.sqrt(3)))
}

function fits(p: Prepared, r: number, limit: number): boolean {
  return !tooLarge(p, r) && lattices(p, r, limit, true).length > 0
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
    if (fits(p, readableRadius(mid), limit)) hi = mid
    else lo = mid + 1
  }
  return readableRadius(lo)
}

function checkRadius(radiusKm: number): string | undefined {
  if (!Number.isFinite(radiusKm) || radiusKm < MIN_COVER_RADIUS_KM || radiusKm > MAX_RADIUS_KM)
    return `The radius must be a number from ${MIN_COVER_RADIUS_KM} to ${MAX_RADIUS_KM} km.`
  return undefined
}

/** Circles named c1… from south to north (west to east on a tie). */
function toCircles(centres: readonly LonLat[], radiusKm: number): Circle[] {
  const ordered = [...centres].sort((a, b) => a[1] - b[1] || a[0] - b[0])
  return ordered.map(([lon, lat], i) => ({
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
  const found = tooLarge(p, radiusKm) ? [] : lattices(p, radiusKm, limit)
  if (found.length === 0) {
    const circles = tooLarge(p, radiusKm) ? estimate(p, radiusKm) : countAtFirstPose(p, radiusKm)
    return { ok: false, reason: 'too-many', circles, suggestedRadiusKm: smallestFitting(p, radiusKm, limit) }
  }
  const plane = p.plane(radiusKm)
  const centres = fewestCentres(found, cellRadius(plane, radiusKm)).map((xy) => p.project.inverse(xy))
  return { ok: true, circles: toCircles(centres, radiusKm) }
}

/** How many cells the unturned, unmoved lattice keeps: what a refused plan says the radius would take. */
function countAtFirstPose(p: Prepared, r: number): number {
  const plane = p.plane(r)
  const rho = cellRadius(plane, r)
  return cellsOfPose(frameOf(plane, 0, rho), rho, 0, 0, Infinity).length
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
