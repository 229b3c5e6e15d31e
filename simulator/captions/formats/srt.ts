/** `srt`: the shared writer (contract/caption-writers/srt.ts) over the displayed text. */
import { writeSrt as writeSrtCues } from '#contract/caption-writers/index.ts'
import type { CaptionWriter } from './writer.ts'
import { displayCue } from './writer.ts'

export const writeSrt: CaptionWriter = (cues) => writeSrtCues(cues.map(displayCue))
