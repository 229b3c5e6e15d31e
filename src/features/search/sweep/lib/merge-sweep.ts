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
type CircleCount = { found: number; only: number }

export type MergedSweep = {
  rows: SweepRow[]
  /** Sightings beyond the first: sum over circles of found, minus rows. */
  duplicates: number
  perCircle: Record<string, CircleCount>
}

export function mergeSweep(circles: readonly Circle[], progress: SweepProgress): MergedSweep {
  const byId = new Map<string, SweepRow>()
  let sightings = 0
  const found: Record<string, Set<string>> = {}
  for (const circle of circles) {
    const seen = (found[circle.id] = new Set())
    for (const [i, video] of (progress.circles[circle.id]?.videos ?? []).entries()) {
      // A page can repeat a video of an earlier page of the same circle: it counts once for the circle.
      if (seen.has(video.videoId)) continue
      seen.add(video.videoId)
      sightings++
      const row = byId.get(video.videoId)
      if (row) row.circles.push(circle.id)
      else byId.set(video.videoId, { ...video, circles: [circle.id], rank: i + 1 })
    }
  }
  const perCircle = Object.fromEntries(
    circles.map((c) => {
      const ids = [...found[c.id]!]
      return [
        c.id,
        { found: ids.length, only: ids.filter((id) => byId.get(id)!.circles.length === 1).length },
      ]
    }),
  )
  return { rows: [...byId.values()], duplicates: sightings - byId.size, perCircle }
}
