/** `text`: one cue per line, the displayed text with its line breaks folded into spaces; no timings. */
import { displayLines } from './escaping.ts'
import type { DisplayCue } from './types.ts'

/** The displayed text on one line. */
export function oneLine(text: string): string {
  return displayLines(text).join(' ')
}

export function writeCaptionText(cues: readonly DisplayCue[]): string {
  return cues.map((cue) => `${oneLine(cue.text)}\n`).join('')
}
