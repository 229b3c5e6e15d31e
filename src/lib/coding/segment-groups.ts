/** Codings grouped under their codes (tree order) for the coded-segments lists. */
import type { Code, Coding } from '#contract/coding.ts'
import { formatClock } from '../format.ts'
import type { OrderedCode } from './code-tree.ts'

/** One item of a coded-segments list (components/coding/coded-segments-list.tsx). */
export type SegmentItem = {
  id: string
  /** Read aloud with the buttons: "0:12–0:20 in Never Gonna Give You Up", "reply by Ann". */
  where: string
  text: string
  memo: string
  coder: string
  /** Epoch milliseconds. */
  createdAt: number
}

export type GroupedCoding = SegmentItem & { coding: Coding }
export type CodingGroup = { code: Code; depth: number; items: GroupedCoding[] }

/** "0:12–0:20" for cues, "reply by Ann" for a reply; with the video's title when the list spans videos. */
function segmentWhere(coding: Coding, titleOf?: (videoId: string) => string | undefined): string {
  const s = coding.segment
  if (s.kind === 'cues') {
    const span = `${formatClock(s.start)}–${formatClock(s.end)}`
    const title = titleOf?.(s.videoId)
    return title !== undefined ? `${span} in ${title}` : span
  }
  return `reply by ${s.author ?? 'an unnamed author'}`
}

/** Cues by video then time, replies by thread then comment: the order a reader goes through them. */
function segmentOrder(a: Coding, b: Coding): number {
  const x = a.segment
  const y = b.segment
  if (x.kind !== y.kind) return x.kind === 'cues' ? -1 : 1
  if (x.kind === 'cues' && y.kind === 'cues')
    return x.videoId.localeCompare(y.videoId) || x.start - y.start || a.createdAt - b.createdAt
  return a.createdAt - b.createdAt
}

export function groupCodings(
  ordered: readonly OrderedCode<Code>[],
  codings: readonly Coding[],
  titleOf?: (videoId: string) => string | undefined,
): CodingGroup[] {
  const byCode = new Map<string, Coding[]>()
  for (const c of codings) {
    const list = byCode.get(c.codeId)
    if (list) list.push(c)
    else byCode.set(c.codeId, [c])
  }
  return ordered.map(({ code, depth }) => ({
    code,
    depth,
    items: (byCode.get(code.id) ?? []).sort(segmentOrder).map((coding) => ({
      id: coding.id,
      where: segmentWhere(coding, titleOf),
      text: coding.segment.text,
      memo: coding.memo,
      coder: coding.coder,
      createdAt: coding.createdAt,
      coding,
    })),
  }))
}
