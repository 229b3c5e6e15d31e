/** The area and its circles as GeoJSON (RFC 7946): for the map's layers and the GeoJSON export. */
import turfCircle from '@turf/circle'
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson'
import { isShapes, type Area, type Circle } from './area-types.ts'
import { unwrapShapes } from './unwrap-lon.ts'

/** A circle as a closed, counter-clockwise polygon of `steps` sides (longitudes may pass ±180 only when the circle does). */
export function circlePolygon(circle: Pick<Circle, 'lat' | 'lon' | 'radiusKm'>, steps = 64): Polygon {
  return turfCircle([circle.lon, circle.lat], circle.radiusKm, { steps, units: 'kilometers' }).geometry
}

/** Where a segment crosses the meridian `lon`. */
function crossing(a: Position, b: Position, lon: number): Position {
  const t = (lon - a[0]!) / (b[0]! - a[0]!)
  return [lon, a[1]! + t * (b[1]! - a[1]!)]
}

/** The part of a convex ring on one side of a meridian (Sutherland–Hodgman against one line), closed. */
function clipRing(ring: readonly Position[], lon: number, keepWest: boolean): Position[] {
  const inside = (p: Position) => (keepWest ? p[0]! <= lon : p[0]! >= lon)
  const out: Position[] = []
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i]!
    const b = ring[i + 1]!
    if (inside(a)) out.push(a)
    if (inside(a) !== inside(b)) out.push(crossing(a, b, lon))
  }
  return out.length >= 3 ? [...out, out[0]!] : []
}

/**
 * A circle's polygon with longitudes in [-180, 180] (RFC 7946 §3.1.9): a circle across the antimeridian becomes two
 * polygons that meet at it.
 */
export function circleGeometry(
  circle: Pick<Circle, 'lat' | 'lon' | 'radiusKm'>,
  steps = 64,
): Polygon | MultiPolygon {
  const ring = circlePolygon(circle, steps).coordinates[0]!
  const lons = ring.map((p) => p[0]!)
  const edge = Math.max(...lons) > 180 ? 180 : Math.min(...lons) < -180 ? -180 : undefined
  if (edge === undefined) return { type: 'Polygon', coordinates: [ring] }
  const shift = (r: Position[], by: number) => r.map(([lon, lat]) => [lon! + by, lat!])
  const west = clipRing(ring, edge, true)
  const east = clipRing(ring, edge, false)
  return {
    type: 'MultiPolygon',
    coordinates: edge === 180 ? [[west], [shift(east, -360)]] : [[shift(west, 360)], [east]],
  }
}

/** The area as one Feature: its shapes, or (a list of sites) the sites' circles, with the sites in its properties. */
export function areaFeature(area: Area): Feature<MultiPolygon> {
  if (isShapes(area)) return { type: 'Feature', properties: { kind: 'area' }, geometry: area.shapes }
  return {
    type: 'Feature',
    properties: { kind: 'sites', sites: area.sites },
    geometry: {
      type: 'MultiPolygon',
      coordinates: area.sites.flatMap((s) => {
        const g = circleGeometry(s)
        return g.type === 'Polygon' ? [g.coordinates] : g.coordinates
      }),
    },
  }
}

/** South-west and north-east corners ([lat, lon]) to fit a map to; east may exceed 180 across the antimeridian. */
export function areaBounds(area: Area): [[number, number], [number, number]] {
  const points = isShapes(area)
    ? unwrapShapes(area.shapes).flatMap((p) => p[0]!)
    : area.sites.flatMap((s) => circlePolygon(s, 16).coordinates[0]!)
  const lons = points.map((p) => p[0]!)
  const lats = points.map((p) => p[1]!)
  return [
    [Math.min(...lats), Math.min(...lons)],
    [Math.max(...lats), Math.max(...lons)],
  ]
}
