/** `text` (our layout): one cue per line, the displayed text with its line breaks folded into spaces; no timings. */
import type { CaptionWriter } from './writer.ts'
import { displayOneLine } from './writer.ts'

export const writeText: CaptionWriter = (cues) => cues.map((cue) => `${displayOneLine(cue)}\n`).join('')
