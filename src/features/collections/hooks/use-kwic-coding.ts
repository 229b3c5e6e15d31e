/** Coding KWIC hits: each hit's cue is the segment; the codings that cover a hit are shown beside it. */
import { useCallback } from 'react'
import type { Coding } from '#contract/coding.ts'
import { useItemCoding } from '#lib/coding/use-coding.ts'
import type { KwicLine } from '../api/corpus-search.ts'

type Hit = Pick<KwicLine, 'videoId' | 'offset' | 'duration'>

const videoOf = (c: Coding) => (c.segment.kind === 'cues' ? c.segment.videoId : undefined)

export function useKwicCoding(collectionId: string) {
  const item = useItemCoding(collectionId, videoOf)
  const { chipsOf: chipsOfVideo, changes, coder } = item

  /** The codings whose cues include the hit's cue. */
  const chipsOf = useCallback(
    (hit: Hit) =>
      chipsOfVideo(
        hit.videoId,
        ({ segment: s }) => s.kind === 'cues' && s.start <= hit.offset + 0.0005 && hit.offset < s.end,
      ),
    [chipsOfVideo],
  )

  const apply = useCallback(
    (hit: Hit, codeIds: readonly string[], memo: string, onDone: () => void) => {
      if (!coder) return
      const segment = {
        kind: 'cues' as const,
        videoId: hit.videoId,
        start: hit.offset,
        end: hit.offset + Math.max(hit.duration, 0.001),
      }
      changes.apply.mutate({ codeIds: [...codeIds], segment, memo, coder }, { onSuccess: onDone })
    },
    [changes.apply, coder],
  )

  return { ...item, chipsOf, apply }
}

export type KwicCoding = ReturnType<typeof useKwicCoding>
