/** Time arithmetic of the format writers: the shared writers' (contract/caption-writers), plus the rolling layouts' word timings. */
export { clippedEndMs, clockStamp, toMs } from '#contract/caption-writers/index.ts'

/** Rolling auto-captions hold each completed line for 10 ms (VTT hold cues, srv3 `a="1"`, json3 `aAppend`). */
export const LINE_HOLD_MS = 10

export type TimedWord = { word: string; offsetMs: number }

/**
 * Auto-generated tracks carry per-word timings; ours are spread evenly over the cue's duration.
 * `offsetMs` is relative to the cue start; the first word is at 0.
 */
export function wordTimings(display: string, durationMs: number): TimedWord[] {
  const words = display.split(/\s+/).filter((word) => word !== '')
  return words.map((word, index) => ({ word, offsetMs: Math.round((index * durationMs) / words.length) }))
}
