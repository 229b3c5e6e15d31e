/** `text` (our layout): the shared writer (contract/caption-writers/text.ts) over the displayed text. */
import { writeCaptionText } from '#contract/caption-writers/index.ts'
import type { CaptionWriter } from './writer.ts'
import { displayCue } from './writer.ts'

export const writeText: CaptionWriter = (cues) => writeCaptionText(cues.map(displayCue))
