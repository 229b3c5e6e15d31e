/** What an area sweep covers: drawn or pasted shapes, or a list of sites each with its own radius. */
import type { MultiPolygon } from 'geojson'

/** One site of a list: a point and the radius to search around it (CSV `lat,lon,radius_km[,label]`). */
export type Site = { lat: number; lon: number; radiusKm: number; label?: string }

/** Shapes in GeoJSON order ([lon, lat], RFC 7946), closed rings; several polygons when several shapes were drawn. */
export type ShapesArea = { shapes: MultiPolygon }
type SitesArea = { sites: Site[] }
export type Area = ShapesArea | SitesArea

/** One search circle of a sweep: `c1`, `c2`… in cover order (south to north). */
export type Circle = { id: string; lat: number; lon: number; radiusKm: number; label?: string }

/** What is wrong with an area, said so a researcher can fix it; `where` names the place (`polygon 1, ring 1, vertex 4`, `line 3`). */
export type AreaProblem = { message: string; where?: string }

export type AreaResult = { ok: true; area: Area } | { ok: false; errors: AreaProblem[] }

/** The service's largest search radius (spec: at most 1000 km). */
export const MAX_RADIUS_KM = 1000

export function isShapes(area: Area): area is ShapesArea {
  return 'shapes' in area
}
