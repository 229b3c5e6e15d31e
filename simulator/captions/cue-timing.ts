/** Time arithmetic shared by the format writers: whole milliseconds, clock stamps, cue ends, word timings. */
import type { Cue } from '../types.ts'

/** Seconds (up to 3 decimals) → whole milliseconds, so no writer accumulates floating-point noise. */
export function toMs(seconds: number): number {
  return Math.round(seconds * 1000)
}

/** `00:00:09.870` (separator `.`) or `00:00:09,870` (SRT's `,`); hours are always at least two digits. */
export function clockStamp(ms: number, separator: '.' | ',' = '.'): string {
  const whole = Math.max(0, Math.round(ms))
  const hours = Math.floor(whole / 3_600_000)
  const minutes = Math.floor((whole % 3_600_000) / 60_000)
  const seconds = Math.floor((whole % 60_000) / 1000)
  const millis = whole % 1000
  const pad = (n: number, width: number) => String(n).padStart(width, '0')
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${separator}${pad(millis, 3)}`
}

/** Where a cue stops being shown in single-track layouts (SRT, rolling VTT): min(start + duration, next start). */
export function clippedEndMs(cues: readonly Cue[], index: number): number {
  const cue = cues[index]!
  const end = toMs(cue.offset) + toMs(cue.duration)
  const next = cues[index + 1]
  return next === undefined ? end : Math.min(end, toMs(next.offset))
}

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
