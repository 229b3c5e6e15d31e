/** Which cue is on screen at a time, by binary search: O(log n) per frame even for a 3-hour track. */

export type CueSpan = { start: number; end: number }

/** Cues sorted by start, with the running maximum of their ends to handle overlapping cues. */
export type CueTimeline = {
  starts: Float64Array
  ends: Float64Array
  /** maxEndUpTo[i] = the latest end among cues 0..i. */
  maxEndUpTo: Float64Array
}

export function buildTimeline(cues: readonly CueSpan[]): CueTimeline {
  const n = cues.length
  const starts = new Float64Array(n)
  const ends = new Float64Array(n)
  const maxEndUpTo = new Float64Array(n)
  let maxEnd = -Infinity
  for (let i = 0; i < n; i++) {
    const c = cues[i]!
    if (i > 0 && c.start < starts[i - 1]!)
      throw new RangeError(
        `Cue ${i} starts at ${c.start}s, before cue ${i - 1}: cues must be sorted by start.`,
      )
    starts[i] = c.start
    ends[i] = c.end
    maxEnd = Math.max(maxEnd, c.end)
    maxEndUpTo[i] = maxEnd
  }
  return { starts, ends, maxEndUpTo }
}

/** Index of the last cue that starts at or before `t`; -1 before the first cue. */
export function lastStartedCue(timeline: CueTimeline, t: number): number {
  let lo = 0
  let hi = timeline.starts.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    if (timeline.starts[mid]! <= t) {
      found = mid
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  return found
}

/**
 * The cue showing at `t` (start ≤ t < end); -1 in a gap, before the first cue or after the last.
 * When cues overlap, the one that started most recently wins, and a long cue that began earlier is found
 * again once a shorter later one has ended.
 */
export function activeCueIndex(timeline: CueTimeline, t: number): number {
  for (let i = lastStartedCue(timeline, t); i >= 0; i--) {
    // No cue at or before i reaches past t: nothing earlier can be showing.
    if (timeline.maxEndUpTo[i]! <= t) return -1
    if (timeline.ends[i]! > t) return i
  }
  return -1
}
