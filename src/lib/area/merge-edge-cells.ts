/**
 * Fewer circles along the outline: a cell the outline crosses only needs its circle to hold the part of the area
 * inside it, so neighbouring parts that fit in one circle share one (centred on their smallest enclosing circle),
 * and a part another circle already holds needs none. A part lies within the hull of its corners: the outline's
 * vertices in the cell, the crossings of the outline with the cell's sides, and the cell's corners inside the area.
 */
import { enclosingCircle, type PlaneCircle } from './enclosing-circle.ts'
import { segmentsMeeting, type Cell, type Frame } from './hex-lattice.ts'
import type { Xy } from './local-projection.ts'
import type { Segment } from './plane-shape.ts'

/** The pointy-top hexagon's corners, anticlockwise from 30°. */
function corners([u, v]: Xy, rho: number): Xy[] {
  return Array.from({ length: 6 }, (_, k): Xy => {
    const angle = Math.PI / 6 + (k * Math.PI) / 3
    return [u + rho * Math.cos(angle), v + rho * Math.sin(angle)]
  })
}

function inHexagon([u, v]: Xy, c: Xy, rho: number): boolean {
  const h = (rho * Math.sqrt(3)) / 2
  for (let k = 0; k < 6; k++) {
    const angle = (k * Math.PI) / 3
    if (Math.cos(angle) * (u - c[0]) + Math.sin(angle) * (v - c[1]) > h * (1 + 1e-12)) return false
  }
  return true
}

/** Winding number of the outline around p (non-zero inside): a ray westwards, edges counted by direction. */
function insideOutline(segments: readonly Segment[], [u, v]: Xy): boolean {
  let winding = 0
  for (const { a, b } of segments) {
    if (a[1] > v === b[1] > v) continue
    const cu = a[0] + ((v - a[1]) * (b[0] - a[0])) / (b[1] - a[1])
    if (cu < u) winding += b[1] > a[1] ? 1 : -1
  }
  return winding !== 0
}

/** Where segment p→q crosses segment a→b; both ends of each when they lie along each other. */
function crossings(p: Xy, q: Xy, a: Xy, b: Xy): Xy[] {
  const rx = q[0] - p[0]
  const ry = q[1] - p[1]
  const sx = b[0] - a[0]
  const sy = b[1] - a[1]
  const d = rx * sy - ry * sx
  if (Math.abs(d) < 1e-15) return [p, q, a, b]
  const t = ((a[0] - p[0]) * sy - (a[1] - p[1]) * sx) / d
  const w = ((a[0] - p[0]) * ry - (a[1] - p[1]) * rx) / d
  return t >= 0 && t <= 1 && w >= 0 && w <= 1 ? [[p[0] + t * rx, p[1] + t * ry]] : []
}

/** The corners of the area's part in a cell the outline crosses; undefined for a cell wholly inside. */
function partCorners(frame: Frame, cell: Cell, rho: number): Xy[] | undefined {
  const near = segmentsMeeting(frame, cell.uv, rho)
  if (near.length === 0) return undefined
  const hex = corners(cell.uv, rho)
  const points: Xy[] = hex.filter((p) => insideOutline(frame.segments, p))
  for (const { a, b } of near) {
    if (inHexagon(a, cell.uv, rho)) points.push(a)
    if (inHexagon(b, cell.uv, rho)) points.push(b)
    hex.forEach((p, k) => points.push(...crossings(p, hex[(k + 1) % 6]!, a, b)))
  }
  return points
}

type Group = { points: Xy[]; circle: PlaneCircle | undefined; neighbours: Set<number> }

const adjacent = (a: Xy, b: Xy, rho: number) => Math.hypot(a[0] - b[0], a[1] - b[1]) < rho * 1.8

const holdsAll = (c: Xy, points: readonly Xy[], rho: number) =>
  points.every((p) => Math.hypot(p[0] - c[0], p[1] - c[1]) <= rho)

function fits(points: readonly Xy[], rho: number): PlaneCircle | undefined {
  const circle = enclosingCircle(points)
  return circle && circle.r <= rho ? circle : undefined
}

/** The best merge among pairs of neighbouring live groups: the one whose merged parts fit the smallest circle. */
function closestFit(
  groups: readonly (Group | undefined)[],
  fitsOf: Map<string, PlaneCircle | undefined>,
  rho: number,
) {
  let best: { i: number; j: number; circle: PlaneCircle } | undefined
  groups.forEach((g, i) => {
    for (const j of g?.neighbours ?? []) {
      const h = groups[j]
      if (j <= i || !h) continue
      const key = `${i} ${j}`
      if (!fitsOf.has(key)) fitsOf.set(key, fits([...g!.points, ...h.points], rho))
      const circle = fitsOf.get(key)
      if (circle && (!best || circle.r < best.circle.r)) best = { i, j, circle }
    }
  })
  return best
}

/**
 * The centres (lattice axes) of a cover of the kept cells: whole cells keep their centre; the parts of crossed cells
 * are merged pairwise, closest fit first, while the merged parts fit in one circle of radius `rho`.
 */
export function mergeEdgeCells(frame: Frame, cells: readonly Cell[], rho: number): Xy[] {
  const parts = cells.map((cell) => partCorners(frame, cell, rho))
  const whole = cells.filter((_, i) => !parts[i]).map((cell) => cell.uv)
  const groups: (Group | undefined)[] = []
  const groupOfCell = new Map<number, number>()
  parts.forEach((points, i) => {
    // A part that a whole cell's circle already holds needs no circle of its own.
    if (!points || points.length === 0 || whole.some((c) => holdsAll(c, points, rho))) return
    groupOfCell.set(i, groups.length)
    groups.push({ points, circle: enclosingCircle(points), neighbours: new Set() })
  })
  for (const [i, g] of groupOfCell)
    for (const [j, h] of groupOfCell)
      if (i !== j && adjacent(cells[i]!.uv, cells[j]!.uv, rho)) groups[g]!.neighbours.add(h)
  const fitsOf = new Map<string, PlaneCircle | undefined>()
  for (let best = closestFit(groups, fitsOf, rho); best; best = closestFit(groups, fitsOf, rho)) {
    const [g, h] = [groups[best.i]!, groups[best.j]!]
    const merged = groups.length
    const neighbours = new Set(
      [...g.neighbours, ...h.neighbours].filter((k) => k !== best.i && k !== best.j && groups[k]),
    )
    for (const k of neighbours) groups[k]!.neighbours.add(merged)
    groups.push({ points: [...g.points, ...h.points], circle: best.circle, neighbours })
    groups[best.i] = undefined
    groups[best.j] = undefined
  }
  return [...whole, ...groups.flatMap((g) => (g ? [g.circle!.c] : []))]
}
