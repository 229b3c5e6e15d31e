/** Caption items as the transcript uses them: decoded text, start/end in seconds, ordered by start. */
import type { CaptionItem } from '#contract/index.ts'
import { decodeEntitiesUntilStable } from '#lib/captions/entities.ts'

export type Cue = {
  start: number
  end: number
  /** Decoded, ready to display and search. */
  text: string
  lang: string
  wordCount: number
  speechRate: number
}

function finiteOr(n: number, fallback: number): number {
  return Number.isFinite(n) ? n : fallback
}

/** Items arrive ordered by offset (spec 2.4); a stable sort guards the binary search against a stray one. */
export function prepareCues(items: readonly CaptionItem[]): Cue[] {
  const cues = items.map((item) => {
    const start = Math.max(0, finiteOr(item.offset, 0))
    return {
      start,
      end: start + Math.max(0, finiteOr(item.duration, 0)),
      text: decodeEntitiesUntilStable(item.text),
      lang: item.lang,
      wordCount: item.wordCount,
      speechRate: finiteOr(item.speechRate, 0),
    }
  })
  return cues.every((c, i) => i === 0 || cues[i - 1]!.start <= c.start)
    ? cues
    : [...cues].sort((a, b) => a.start - b.start)
}

/** The track's length: where its last cue ends (with overlaps, the latest end). */
export function trackDuration(cues: readonly Pick<Cue, 'end'>[]): number {
  let max = 0
  for (const c of cues) if (c.end > max) max = c.end
  return max
}
