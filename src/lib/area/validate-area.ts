/** Checks an area before anything is planned or paid: each problem names where it is. */
import type { Area, AreaProblem } from './area-types.ts'

/** More vertices than a URL and the cover can carry comfortably. */
export const MAX_VERTICES = 2000
/** More sites than a sweep plans (each site is one circle). */
export const MAX_SITES = 1000

/** Empty when the area can be planned: self-intersections (naming the vertex), lat/lon out of range or swapped, empty, too many vertices. */
export function validateArea(area: Area): AreaProblem[] {
  void area
  throw new Error('not implemented')
}
