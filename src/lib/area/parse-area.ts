/**
 * Reads an area from what a researcher pastes or uploads: GeoJSON (Polygon, MultiPolygon, Feature,
 * FeatureCollection of those) or a CSV of sites `lat,lon,radius_km[,label]`. Never throws: bad input gives errors.
 */
import type { AreaResult } from './area-types.ts'

/** Text pasted or read from a file; the file name (`.csv`, `.geojson`, `.json`) only breaks a tie. */
export function parseAreaText(text: string, fileName?: string): AreaResult {
  void text
  void fileName
  throw new Error('not implemented')
}

/** A GeoJSON value already parsed (e.g. what Leaflet-Geoman's layers give with toGeoJSON()). */
export function parseAreaGeoJson(value: unknown): AreaResult {
  void value
  throw new Error('not implemented')
}

/** Typed vertices: polygons as lists of {lat, lon}; rings are closed here (the first vertex need not be repeated). */
export function areaFromVertices(polygons: readonly (readonly { lat: number; lon: number }[])[]): AreaResult {
  void polygons
  throw new Error('not implemented')
}
