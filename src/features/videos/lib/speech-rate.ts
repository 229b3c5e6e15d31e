/** Speech rate (words per minute) over the video, in equal time bins, from the caption items' speechRate. */

export type RateBin = { start: number; end: number; wpm: number }

/**
 * Each bin's rate is the average of the cues' speechRate weighted by how long each cue overlaps the bin;
 * time with no cue counts as silence (0 wpm), so pauses show as dips.
 */
export function speechRateSeries(
  cues: readonly { start: number; end: number; speechRate: number }[],
  duration: number,
  binCount = 120,
): RateBin[] {
  if (duration <= 0 || binCount <= 0) return []
  const width = duration / binCount
  const weighted = new Float64Array(binCount)
  for (const c of cues) {
    if (c.end <= c.start) continue
    const first = Math.max(0, Math.floor(c.start / width))
    const last = Math.min(binCount - 1, Math.floor((c.end - 1e-9) / width))
    for (let b = first; b <= last; b++) {
      const overlap = Math.min(c.end, (b + 1) * width) - Math.max(c.start, b * width)
      if (overlap > 0) weighted[b] = weighted[b]! + overlap * c.speechRate
    }
  }
  return Array.from(weighted, (w, b) => ({ start: b * width, end: (b + 1) * width, wpm: w / width }))
}

export type RateSummary = { averageWpm: number; peakWpm: number; peakAt: number }

/** Average over speaking time (cues), and the fastest cue. */
export function summariseRate(
  cues: readonly { start: number; end: number; speechRate: number }[],
): RateSummary {
  let spoken = 0
  let words = 0
  let peakWpm = 0
  let peakAt = 0
  for (const c of cues) {
    const d = c.end - c.start
    if (d <= 0) continue
    spoken += d
    words += (c.speechRate * d) / 60
    if (c.speechRate > peakWpm) {
      peakWpm = c.speechRate
      peakAt = c.start
    }
  }
  return { averageWpm: spoken > 0 ? Math.round((words / spoken) * 60) : 0, peakWpm, peakAt }
}
