/**
 * Covers an area with search circles: a hexagonal layout (neighbours radius·√3 apart, rows radius·1.5 apart) in a
 * local projection of the area, keeping every circle that touches it, so every point of the area lies in a circle.
 * Works at any latitude and across the antimeridian. A list of sites is its own cover (one circle per site).
 */
import type { Area, Circle } from './area-types.ts'

/** Above this many circles a plan is refused with a larger radius offered (docs/decisions/0156-area-cover.md). */
export const DEFAULT_MAX_CIRCLES = 400

export type CoverOptions = { maxCircles?: number }

export type CoverResult =
  | { ok: true; circles: Circle[] }
  /** `circles` is how many the radius would take; `suggestedRadiusKm` the smallest (whole km when ≥ 1) that fits. */
  | { ok: false; reason: 'too-many'; circles: number; suggestedRadiusKm: number }
  /** The radius is not a number from 0.1 to 1000 km. */
  | { ok: false; reason: 'bad-radius'; message: string }

export function planCover(area: Area, radiusKm: number, options?: CoverOptions): CoverResult {
  void area
  void radiusKm
  void options
  throw new Error('not implemented')
}

/** A radius that covers the area in a handful of circles (about 20), rounded to a readable value. */
export function suggestRadiusKm(area: Area): number {
  void area
  throw new Error('not implemented')
}
