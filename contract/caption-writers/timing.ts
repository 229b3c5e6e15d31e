/** Time arithmetic of the caption writers: whole milliseconds, clock stamps, cue ends. */

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

type Timed = { offset: number; duration: number }

/** Where a cue stops being shown in single-track layouts (SRT, rolling VTT): min(start + duration, next start). */
export function clippedEndMs(cues: readonly Timed[], index: number): number {
  const cue = cues[index]!
  const end = toMs(cue.offset) + toMs(cue.duration)
  const next = cues[index + 1]
  return next === undefined ? end : Math.min(end, toMs(next.offset))
}
