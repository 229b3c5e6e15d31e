/**
 * An area's outline in the local plane (km): each lon/lat edge split until its projected chord strays less than a
 * tolerance from the edge's true (curved) image, and that stray, `errorKm`, kept so covers can allow for it.
 */
import type { Position } from 'geojson'
import type { LonLat, Projection, Xy } from './local-projection.ts'

/** One edge of the plane outline, oriented so outer rings run anticlockwise and holes clockwise. */
export type Segment = { a: Xy; b: Xy }

export type PlaneShape = {
  segments: Segment[]
  /** How far the true outline can lie from `segments`, in km. */
  errorKm: number
  /** Each polygon's outer ring in the plane, anticlockwise; holes clockwise after it (for clipping). */
  polygons: Xy[][][]
}

const MAX_SPLITS = 12

function signedArea(ring: readonly Xy[]): number {
  let s = 0
  for (let i = 1; i < ring.length; i++) s += ring[i - 1]![0] * ring[i]![1] - ring[i]![0] * ring[i - 1]![1]
  return s / 2
}

/** The edge p→q as plane points (q excluded), split in halves while the midpoint's image strays over `tolKm`. */
function splitEdge(
  project: Projection,
  p: LonLat,
  q: LonLat,
  tolKm: number,
  depth: number,
): { points: Xy[]; stray: number } {
  const a = project.forward(p)
  const b = project.forward(q)
  const mid: LonLat = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]
  const m = project.forward(mid)
  const stray = Math.hypot(m[0] - (a[0] + b[0]) / 2, m[1] - (a[1] + b[1]) / 2)
  if (stray <= tolKm || depth >= MAX_SPLITS) return { points: [a], stray }
  const left = splitEdge(project, p, mid, tolKm, depth + 1)
  const right = splitEdge(project, mid, q, tolKm, depth + 1)
  return { points: [...left.points, ...right.points], stray: Math.max(left.stray, right.stray) }
}

/** Projects unwrapped polygons; `tolKm` bounds how far a chord may stray from the edge it stands for. */
export function planeShape(
  polygons: readonly Position[][][],
  project: Projection,
  tolKm: number,
): PlaneShape {
  let worst = 0
  const plane = polygons.map((polygon) =>
    polygon.map((ring, k) => {
      const xy: Xy[] = []
      for (let i = 0; i + 1 < ring.length; i++) {
        const edge = splitEdge(project, ring[i] as LonLat, ring[i + 1] as LonLat, tolKm, 0)
        xy.push(...edge.points)
        worst = Math.max(worst, edge.stray)
      }
      xy.push(xy[0]!)
      // Outer rings anticlockwise, holes clockwise: winding numbers then count overlapping shapes as inside.
      const anticlockwise = signedArea(xy) > 0
      return anticlockwise === (k === 0) ? xy : xy.reverse()
    }),
  )
  const segments = plane.flatMap((polygon) =>
    polygon.flatMap((ring) => ring.slice(1).map((b, i): Segment => ({ a: ring[i]!, b }))),
  )
  // A smooth arc strays from its chord at most a little more than at its midpoint: twice is ample.
  return { segments, errorKm: 2 * worst + 1e-6, polygons: plane }
}
