/** The area and its circles as GeoJSON (RFC 7946): for the map's layers and the GeoJSON export. */
import type { Feature, MultiPolygon, Polygon } from 'geojson'
import type { Area, Circle } from './area-types.ts'

/** A circle as a closed, counter-clockwise polygon of `steps` sides (longitudes may pass ±180 only when the circle does). */
export function circlePolygon(circle: Pick<Circle, 'lat' | 'lon' | 'radiusKm'>, steps = 64): Polygon {
  void circle
  void steps
  throw new Error('not implemented')
}

/** The area as one Feature: its shapes, or (a list of sites) the sites' circles, with the sites in its properties. */
export function areaFeature(area: Area): Feature<MultiPolygon> {
  void area
  throw new Error('not implemented')
}

/** South-west and north-east corners ([lat, lon]) to fit a map to; east may exceed 180 across the antimeridian. */
export function areaBounds(area: Area): [[number, number], [number, number]] {
  void area
  throw new Error('not implemented')
}
