/**
 * Hexagonal cells over a plane outline: centres √3·ρ apart in rows 1.5·ρ apart, turned by a rotation and moved by an
 * offset; a cell is kept when it touches the outline, so the kept cells hold all of it and the circle of radius ρ
 * around each centre holds its cell. Worked in the lattice's own axes (u, v), where rows run along u.
 */
import type { Xy } from './local-projection.ts'
import type { PlaneShape, Segment } from './plane-shape.ts'

/** A rotation (radians, 0 to 60°: the lattice repeats after that) and an offset in fractions of a step each way. */
export type LatticePose = { rotation: number; phaseX: number; phaseY: number }

/** A kept cell: its centre in the lattice's axes and whether the centre lies inside the outline. */
export type Cell = { uv: Xy; inside: boolean }

type Crossing = { u: number; dir: number }

/** The outline in the lattice's own axes, with its segments binned for lookups near a centre. */
export type Frame = {
  rotation: number
  segments: Segment[]
  box: [number, number, number, number]
  binSize: number
  binCols: number
  bins: Map<number, number[]>
}

const rotate = ([x, y]: Xy, angle: number): Xy => [
  x * Math.cos(angle) - y * Math.sin(angle),
  x * Math.sin(angle) + y * Math.cos(angle),
]

export function frameOf(shape: PlaneShape, rotation: number, reach: number): Frame {
  const segments = shape.segments.map((s) => ({ a: rotate(s.a, -rotation), b: rotate(s.b, -rotation) }))
  const us = segments.flatMap((s) => [s.a[0], s.b[0]])
  const vs = segments.flatMap((s) => [s.a[1], s.b[1]])
  const box: Frame['box'] = [Math.min(...us), Math.min(...vs), Math.max(...us), Math.max(...vs)]
  const binSize = 2 * reach
  const binCols = Math.floor((box[2] - box[0]) / binSize) + 3
  const bins = new Map<number, number[]>()
  segments.forEach((s, i) => {
    const [c0, r0] = binOf(box, binSize, [Math.min(s.a[0], s.b[0]), Math.min(s.a[1], s.b[1])])
    const [c1, r1] = binOf(box, binSize, [Math.max(s.a[0], s.b[0]), Math.max(s.a[1], s.b[1])])
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const key = r * binCols + c
        const list = bins.get(key)
        if (list) list.push(i)
        else bins.set(key, [i])
      }
  })
  return { rotation, segments, box, binSize, binCols, bins }
}

function binOf(box: Frame['box'], size: number, [u, v]: Xy): [number, number] {
  return [Math.floor((u - box[0]) / size) + 1, Math.floor((v - box[1]) / size) + 1]
}

/** Where each row crosses the outline, west to east, with the direction of the crossing edge. */
function rowCrossings(frame: Frame, rowVs: readonly number[], base: number, dy: number): Crossing[][] {
  const rows: Crossing[][] = rowVs.map(() => [])
  for (const { a, b } of frame.segments) {
    if (a[1] === b[1]) continue
    const first = Math.max(0, Math.ceil((Math.min(a[1], b[1]) - base) / dy) - 1)
    const last = Math.min(rowVs.length - 1, Math.floor((Math.max(a[1], b[1]) - base) / dy) + 1)
    for (let k = first; k <= last; k++) {
      const v = rowVs[k]!
      if (a[1] > v === b[1] > v) continue
      rows[k]!.push({ u: a[0] + ((v - a[1]) * (b[0] - a[0])) / (b[1] - a[1]), dir: b[1] > a[1] ? 1 : -1 })
    }
  }
  for (const row of rows) row.sort((p, q) => p.u - q.u)
  return rows
}

const NORMALS: Xy[] = Array.from({ length: 6 }, (_, k) => [
  Math.cos((k * Math.PI) / 3),
  Math.sin((k * Math.PI) / 3),
])

/** Whether segment a→b meets the pointy-top hexagon of circumradius `rho` around c (clipped against its six sides). */
function segmentMeetsHexagon(c: Xy, rho: number, a: Xy, b: Xy): boolean {
  const h = (rho * Math.sqrt(3)) / 2
  let lo = 0
  let hi = 1
  for (const [nx, ny] of NORMALS) {
    const room = h - (nx * (a[0] - c[0]) + ny * (a[1] - c[1]))
    const along = nx * (b[0] - a[0]) + ny * (b[1] - a[1])
    if (along === 0) {
      if (room < 0) return false
    } else if (along > 0) hi = Math.min(hi, room / along)
    else lo = Math.max(lo, room / along)
    if (lo > hi) return false
  }
  return true
}

/** The outline's segments that meet the hexagon of circumradius `rho` around c; stops at the first if `first`. */
export function segmentsMeeting(frame: Frame, c: Xy, rho: number, first = false): Segment[] {
  const found: Segment[] = []
  const [c0, r0] = binOf(frame.box, frame.binSize, [c[0] - rho, c[1] - rho])
  const [c1, r1] = binOf(frame.box, frame.binSize, [c[0] + rho, c[1] + rho])
  // Segments lie in columns 1 to binCols - 2: clamping a query never skips one.
  for (let r = r0; r <= r1; r++)
    for (let col = Math.max(0, c0); col <= Math.min(frame.binCols - 1, c1); col++)
      for (const i of frame.bins.get(r * frame.binCols + col) ?? []) {
        const s = frame.segments[i]!
        if (!found.includes(s) && segmentMeetsHexagon(c, rho, s.a, s.b)) {
          found.push(s)
          if (first) return found
        }
      }
  return found
}

/** The kept cells of one pose (circumradius `rho`); stops once more than `limit` are kept. */
export function cellsOfPose(
  frame: Frame,
  rho: number,
  phaseX: number,
  phaseY: number,
  limit: number,
): Cell[] {
  const dx = rho * Math.sqrt(3)
  const dy = rho * 1.5
  const [minU, minV, maxU, maxV] = frame.box
  // Rows at minV + (k + phaseY)·dy, centres at minU + (j + phaseX + k/2)·dx: the pose alone places the lattice.
  const firstRow = Math.ceil(-rho / dy - phaseY)
  const rowVs: number[] = []
  for (let k = firstRow; minV + (k + phaseY) * dy <= maxV + rho; k++) rowVs.push(minV + (k + phaseY) * dy)
  const crossings = rowCrossings(frame, rowVs, rowVs[0] ?? minV, dy)
  const kept: Cell[] = []
  for (let k = 0; k < rowVs.length; k++) {
    const v = rowVs[k]!
    const row = crossings[k]!
    const shift = phaseX + (Math.abs(firstRow + k) % 2) / 2
    let next = 0
    let winding = 0
    for (let j = Math.ceil(-rho / dx - shift); minU + (j + shift) * dx <= maxU + rho; j++) {
      const u = minU + (j + shift) * dx
      while (next < row.length && row[next]!.u < u) winding += row[next++]!.dir
      const inside = winding !== 0
      if (!inside && segmentsMeeting(frame, [u, v], rho, true).length === 0) continue
      kept.push({ uv: [u, v], inside })
      if (kept.length > limit) return kept
    }
  }
  return kept
}

/** A point of the lattice's axes back in the plane. */
export function toPlane(frame: Frame, uv: Xy): Xy {
  return rotate(uv, frame.rotation)
}

/** How many lattice positions one pose tests: the shape's box grown by a cell, in cells. */
export function latticeSize(shape: PlaneShape, rho: number): number {
  const xs = shape.segments.map((s) => s.a[0])
  const ys = shape.segments.map((s) => s.a[1])
  // Any rotation's box fits in the square around the unrotated box's circumscribed circle.
  const side = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) + 4 * rho
  return (side / (rho * Math.sqrt(3)) + 2) * (side / (rho * 1.5) + 2)
}
