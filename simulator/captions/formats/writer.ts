/** What every caption format writer receives; all formats are written from the same cues. */
import type { DisplayCue } from '#contract/caption-writers/index.ts'
import type { Cue, TrackSource } from '../../types.ts'
import { decodeUntilStable, displayLines } from '../platform-escaping.ts'

export { XML_DECLARATION } from '#contract/caption-writers/index.ts'

export type CaptionMeta = { lang: string; source: TrackSource; languageName: string }
export type CaptionWriter = (cues: readonly Cue[], meta: CaptionMeta) => string

/** The text a viewer sees: entities decoded until stable (the raw text keeps the platform's escaping). */
export function displayText(cue: Cue): string {
  return decodeUntilStable(cue.text)
}

/** A cue as the shared writers take it: timings unchanged, the displayed text. */
export function displayCue(cue: Cue): DisplayCue {
  return { offset: cue.offset, duration: cue.duration, text: displayText(cue) }
}

/** The displayed text on one line: line breaks folded into spaces. */
export function displayOneLine(cue: Cue): string {
  return displayLines(displayText(cue)).join(' ')
}

/** Seconds as the transcript formats write them: `18.8`, `0`, `7.239` (whole milliseconds, no float noise). */
export function secondsAttr(seconds: number): string {
  return String(Math.round(seconds * 1000) / 1000)
}
