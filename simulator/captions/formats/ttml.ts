/** `ttml`: the shared writer (contract/caption-writers/ttml.ts) over the displayed text. */
import { writeTtml as writeTtmlCues } from '#contract/caption-writers/index.ts'
import type { CaptionWriter } from './writer.ts'
import { displayCue } from './writer.ts'

export const writeTtml: CaptionWriter = (cues, meta) =>
  writeTtmlCues(cues.map(displayCue), { lang: meta.lang })
