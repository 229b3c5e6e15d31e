/** The smallest circle holding a set of plane points (Welzl's incremental algorithm; exact up to rounding). */
import type { Xy } from './local-projection.ts'

export type PlaneCircle = { c: Xy; r: number }

/** Points this little outside a circle count as in: far below the metre the cover keeps in hand. */
const SLACK = 1e-9

const holds = (circle: PlaneCircle, p: Xy) =>
  Math.hypot(p[0] - circle.c[0], p[1] - circle.c[1]) <= circle.r + SLACK

function throughTwo(a: Xy, b: Xy): PlaneCircle {
  const c: Xy = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
  return { c, r: Math.hypot(a[0] - c[0], a[1] - c[1]) }
}

function throughThree(a: Xy, b: Xy, p: Xy): PlaneCircle {
  const bx = b[0] - a[0]
  const by = b[1] - a[1]
  const px = p[0] - a[0]
  const py = p[1] - a[1]
  const d = 2 * (bx * py - by * px)
  // Three points in a line: the circle on the two farthest apart holds the third.
  if (Math.abs(d) < 1e-15) {
    const pairs = [throughTwo(a, b), throughTwo(a, p), throughTwo(b, p)]
    return pairs.reduce((m, q) => (q.r > m.r ? q : m))
  }
  const ux = (py * (bx * bx + by * by) - by * (px * px + py * py)) / d
  const uy = (bx * (px * px + py * py) - px * (bx * bx + by * by)) / d
  return { c: [a[0] + ux, a[1] + uy], r: Math.hypot(ux, uy) }
}

export function enclosingCircle(points: readonly Xy[]): PlaneCircle | undefined {
  let circle: PlaneCircle | undefined
  for (let i = 0; i < points.length; i++) {
    if (circle && holds(circle, points[i]!)) continue
    circle = { c: points[i]!, r: 0 }
    for (let j = 0; j < i; j++) {
      if (holds(circle, points[j]!)) continue
      circle = throughTwo(points[i]!, points[j]!)
      for (let k = 0; k < j; k++)
        if (!holds(circle, points[k]!)) circle = throughThree(points[i]!, points[j]!, points[k]!)
    }
  }
  return circle
}
