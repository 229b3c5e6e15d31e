/** Where codings show: coloured spans along the scrubber and, per cue, the codes beside it in the margin. */
import type { Coding } from '#contract/coding.ts'

type CodeLook = { id: string; name: string; color: string }
type CueSpan = { videoId: string; start: number; end: number }
type CodingLike = Pick<Coding, 'id' | 'codeId' | 'segment'>

export type ScrubberMark = { id: string; left: number; width: number; color: string; name: string }
export type MarginMark = { codingId: string; codeId: string; color: string; name: string }

function cueSpan(c: CodingLike, videoId: string): CueSpan | undefined {
  const s = c.segment
  return s.kind === 'cues' && s.videoId === videoId ? s : undefined
}

/** Each coding of this video as a fraction of the duration: left edge and width (at least a sliver, so it is seen). */
export function scrubberMarks(
  codings: readonly CodingLike[],
  codes: ReadonlyMap<string, CodeLook>,
  videoId: string,
  duration: number,
): ScrubberMark[] {
  if (!(duration > 0)) return []
  const out: ScrubberMark[] = []
  for (const c of codings) {
    const span = cueSpan(c, videoId)
    const code = codes.get(c.codeId)
    if (!span || !code) continue
    const left = Math.min(1, Math.max(0, span.start / duration))
    const right = Math.min(1, Math.max(left, span.end / duration))
    out.push({ id: c.id, left, width: Math.max(right - left, 0.004), color: code.color, name: code.name })
  }
  return out.sort((a, b) => a.left - b.left)
}

/** First index whose start is at or after t (cues ordered by start). */
function firstAtOrAfter(cues: readonly { start: number }[], t: number): number {
  let lo = 0
  let hi = cues.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (cues[mid]!.start < t) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The cues a coding covers are those whose start lies in [start, end), as the function resolves them. */
export function marginMarks(
  cues: readonly { start: number }[],
  codings: readonly CodingLike[],
  codes: ReadonlyMap<string, CodeLook>,
  videoId: string,
): Map<number, MarginMark[]> {
  const out = new Map<number, MarginMark[]>()
  for (const c of codings) {
    const span = cueSpan(c, videoId)
    const code = codes.get(c.codeId)
    if (!span || !code) continue
    const mark = { codingId: c.id, codeId: code.id, color: code.color, name: code.name }
    for (let i = firstAtOrAfter(cues, span.start); i < cues.length && cues[i]!.start < span.end; i++) {
      const list = out.get(i)
      if (list) list.push(mark)
      else out.set(i, [mark])
    }
  }
  return out
}
