/** One list from a sweep's circles: one row per video in first-seen order (circle order, then rank), with the circles that found it. */
import type { SearchItem } from '#contract/schemas.ts'
import type { Circle } from '#lib/area/area-types.ts'
import type { SweepProgress } from './sweep-runner.ts'

export type SweepRow = SearchItem & {
  /** Ids of the circles that found it, in circle order. */
  circles: string[]
  /** Its rank in the first circle that found it (1-based). */
  rank: number
}

/** `found`: videos the circle returned; `only`: those no other circle returned. */
export type CircleCount = { found: number; only: number }

export type MergedSweep = {
  rows: SweepRow[]
  /** Sightings beyond the first: sum over circles of found, minus rows. */
  duplicates: number
  perCircle: Record<string, CircleCount>
}

export function mergeSweep(circles: readonly Circle[], progress: SweepProgress): MergedSweep {
  void circles
  void progress
  throw new Error('not implemented')
}
