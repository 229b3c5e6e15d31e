/** Longitudes made continuous, so shapes on both sides of ±180° form one region (e.g. 179° and -179° become 179° and 181°). */
import type { MultiPolygon, Position } from 'geojson'

function unwrapRing(ring: readonly Position[]): Position[] {
  let prev = ring[0]![0]!
  return ring.map(([lon, lat]) => {
    let l = lon!
    // An edge is never taken to be longer than half the world: jumps past 180° go the short way round.
    while (l - prev > 180) l -= 360
    while (l - prev < -180) l += 360
    prev = l
    return [l, lat!]
  })
}

function lonRange(polygon: readonly Position[][]): [number, number] {
  const lons = polygon[0]!.map((p) => p[0]!)
  return [Math.min(...lons), Math.max(...lons)]
}

const shift = (polygon: Position[][], by: number): Position[][] =>
  polygon.map((ring) => ring.map(([lon, lat]) => [lon! + by, lat!]))

/** Each ring continuous; then polygons west of the others are moved by 360° when that makes the whole narrower. */
export function unwrapShapes(shapes: MultiPolygon): Position[][][] {
  const polygons = shapes.coordinates.map((polygon) => {
    const rings = polygon.map(unwrapRing)
    const [min] = lonRange(rings)
    // Keep each polygon's westmost point in [-180, 180).
    const by = min < -180 ? 360 : min >= 180 ? -360 : 0
    return by ? shift(rings, by) : rings
  })
  const span = (ps: Position[][][]) => {
    const ranges = ps.map(lonRange)
    return Math.max(...ranges.map((r) => r[1])) - Math.min(...ranges.map((r) => r[0]))
  }
  const moved = polygons.map((p) => (lonRange(p)[0] < 0 ? shift(p, 360) : p))
  return span(moved) < span(polygons) ? moved : polygons
}
