/** Checks an area before anything is planned or paid: each problem names where it is. */
import kinks from '@turf/kinks'
import type { Polygon, Position } from 'geojson'
import { isShapes, MAX_RADIUS_KM, type Area, type AreaProblem, type Site } from './area-types.ts'

/** More vertices than a URL and the cover can carry comfortably. */
export const MAX_VERTICES = 2000
/** More sites than a sweep plans (each site is one circle; the cover's default maximum). */
export const MAX_SITES = 400

const fmt = (n: number) => String(Number(n.toFixed(5)))

/** `polygon 2, ring 1, vertex 4` (1-based; ring 1 is the outline, later rings are holes). */
export function placeOf(polygon: number, ring?: number, vertex?: number): string {
  return [
    `polygon ${polygon + 1}`,
    ring !== undefined && `ring ${ring + 1}`,
    vertex !== undefined && `vertex ${vertex + 1}`,
  ]
    .filter(Boolean)
    .join(', ')
}

function rangeProblems(ring: readonly Position[], pi: number, ri: number): AreaProblem[] {
  const problems: AreaProblem[] = []
  for (const [vi, [lon, lat]] of ring.entries()) {
    const where = placeOf(pi, ri, vi)
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) {
      problems.push({ message: 'A vertex is not a pair of numbers [longitude, latitude].', where })
    } else if (Math.abs(lat!) > 90 && Math.abs(lon!) <= 90) {
      problems.push({
        message: `Latitude ${fmt(lat!)} is out of range (−90 to 90); it looks like latitude and longitude are swapped: GeoJSON writes [longitude, latitude].`,
        where,
      })
    } else if (Math.abs(lat!) > 90) {
      problems.push({ message: `Latitude ${fmt(lat!)} is out of range (−90 to 90).`, where })
    } else if (Math.abs(lon!) > 180) {
      problems.push({ message: `Longitude ${fmt(lon!)} is out of range (−180 to 180).`, where })
    }
    if (problems.length >= 3) break // the first few say enough
  }
  return problems
}

/** The edge nearest to a crossing point (planar: edges are short): its first vertex and its squared distance. */
function edgeNear(ring: readonly Position[], [x, y]: [number, number]): { vertex: number; d2: number } {
  let best = { vertex: 0, d2: Infinity }
  for (let i = 0; i < ring.length - 1; i++) {
    const [ax, ay] = ring[i]! as [number, number]
    const [bx, by] = ring[i + 1]! as [number, number]
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / len2))
    const d2 = (x - (ax + t * (bx - ax))) ** 2 + (y - (ay + t * (by - ay))) ** 2
    if (d2 < best.d2) best = { vertex: i, d2 }
  }
  return best
}

function crossingProblems(rings: Position[][], pi: number): AreaProblem[] {
  const polygon: Polygon = { type: 'Polygon', coordinates: rings }
  const found = kinks(polygon).features
  if (found.length === 0) return []
  const at = found[0]!.geometry.coordinates as [number, number]
  const near = rings.map((r) => edgeNear(r, at))
  const ri = near.reduce((best, n, i) => (n.d2 < near[best]!.d2 ? i : best), 0)
  const vi = near[ri]!.vertex
  return [
    {
      message: `The outline crosses itself at ${fmt(at[1])}, ${fmt(at[0])}: the edge from vertex ${vi + 1} to vertex ${vi + 2} crosses another edge. Move a vertex so the edges do not cross.`,
      where: placeOf(pi, ri, vi),
    },
  ]
}

function siteProblems(sites: readonly Site[]): AreaProblem[] {
  const problems: AreaProblem[] = []
  if (sites.length > MAX_SITES)
    problems.push({
      message: `A list of sites holds at most ${MAX_SITES} sites (one circle each); this one has ${sites.length}.`,
    })
  for (const [i, s] of sites.entries()) {
    const where = `site ${i + 1}`
    if (!Number.isFinite(s.lat) || Math.abs(s.lat) > 90)
      problems.push({
        message:
          Math.abs(s.lat) > 90 && Math.abs(s.lon) <= 90
            ? `Latitude ${fmt(s.lat)} is out of range (−90 to 90); latitude and longitude look swapped (the columns are lat, lon).`
            : `Latitude ${s.lat} is not a number from −90 to 90.`,
        where,
      })
    else if (!Number.isFinite(s.lon) || Math.abs(s.lon) > 180)
      problems.push({ message: `Longitude ${s.lon} is not a number from −180 to 180.`, where })
    if (!Number.isFinite(s.radiusKm) || s.radiusKm <= 0 || s.radiusKm > MAX_RADIUS_KM)
      problems.push({
        message: `The radius ${s.radiusKm} km is not a number above 0 and at most ${MAX_RADIUS_KM} km.`,
        where,
      })
    if (problems.length >= 5) break
  }
  return problems
}

/** Empty when the area can be planned: self-intersections (naming the vertex), lat/lon out of range or swapped, empty, too many vertices. */
export function validateArea(area: Area): AreaProblem[] {
  if (!isShapes(area)) {
    if (area.sites.length === 0)
      return [{ message: 'The list of sites is empty: add at least one line lat,lon,radius_km.' }]
    return siteProblems(area.sites)
  }
  const polygons = area.shapes.coordinates
  if (polygons.length === 0) return [{ message: 'The area is empty: draw or paste at least one polygon.' }]
  const vertices = polygons.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0)
  if (vertices > MAX_VERTICES)
    return [
      {
        message: `The area has ${vertices} vertices; at most ${MAX_VERTICES} are accepted. Simplify the outline (e.g. mapshaper's simplify) and paste it again.`,
      },
    ]
  const problems: AreaProblem[] = []
  for (const [pi, rings] of polygons.entries()) {
    if (rings.length === 0) {
      problems.push({ message: 'A polygon has no outline.', where: placeOf(pi) })
      continue
    }
    for (const [ri, ring] of rings.entries()) {
      const where = placeOf(pi, ri)
      const first = ring[0]
      const last = ring[ring.length - 1]
      if (ring.length < 4)
        problems.push({
          message: `A ring needs at least 3 distinct vertices and the first repeated at the end; this one has ${ring.length} positions.`,
          where,
        })
      else if (!first || !last || first[0] !== last[0] || first[1] !== last[1])
        problems.push({
          message: 'The ring is not closed: its last position must repeat its first (RFC 7946).',
          where,
        })
      problems.push(...rangeProblems(ring, pi, ri))
    }
    if (problems.length === 0) problems.push(...crossingProblems(rings, pi))
    if (problems.length >= 5) break
  }
  return problems
}
