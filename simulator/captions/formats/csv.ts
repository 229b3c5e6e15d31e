/** `csv` (our layout): the shared writer (contract/caption-writers/csv.ts) over the displayed text. */
import { writeCaptionCsv } from '#contract/caption-writers/index.ts'
import type { CaptionWriter } from './writer.ts'
import { displayCue } from './writer.ts'

export const writeCsv: CaptionWriter = (cues) => writeCaptionCsv(cues.map(displayCue))
