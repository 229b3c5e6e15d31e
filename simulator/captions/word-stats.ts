/** wordCount and speechRate of a caption item, by the rule every published example follows. */
import type { CaptionItem } from '#contract/index.ts'
import type { Cue } from '../types.ts'

/**
 * Number of `\w+` runs in the RAW text (ASCII `\w`, exactly as the published examples): entities count
 * (`we&amp;#39;re` is 4 runs) and scripts outside ASCII (CJK, Arabic, Cyrillic...) count 0.
 */
export function wordCount(rawText: string): number {
  return rawText.match(/\w+/g)?.length ?? 0
}

/** Words per minute, ceil(wordCount / duration × 60); rounded to 1e-9 first so 3 words in 1.44 s are 125, not 126. */
export function speechRate(words: number, durationSec: number): number {
  if (durationSec <= 0) return 0
  return Math.ceil(Math.round((words / durationSec) * 60 * 1e9) / 1e9)
}

/** The JSON caption item (spec 2.4) of a cue; `text` keeps the platform's escaping. */
export function captionItem(cue: Cue): CaptionItem {
  const words = wordCount(cue.text)
  return {
    text: cue.text,
    duration: cue.duration,
    offset: cue.offset,
    lang: cue.lang,
    wordCount: words,
    speechRate: speechRate(words, cue.duration),
  }
}
