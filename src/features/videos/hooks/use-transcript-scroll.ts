import { useCallback, useEffect, type RefObject } from 'react'
import type { Range, Virtualizer } from '@tanstack/react-virtual'
import { lastStartedCue, type CueTimeline } from '../lib/active-cue.ts'
import { centredScrollOffset, rowsToRender } from '../lib/follow-scroll.ts'
import type { TimeSource } from '../lib/time-source.ts'
import { useTranscriptVirtualizer } from './use-transcript-virtualizer.ts'

export type CueVirtualizer = Virtualizer<HTMLDivElement, HTMLDivElement>

/** A one-line cue: py-2 (16 px) + one 24 px line + the 1 px border. Rows are measured; this only places unseen ones. */
const ONE_LINE_ROW_PX = 41
/** The scroll box is h-[60vh] min-h-72: its height before it is measured, so the first render fills it at once. */
const viewportGuess = () => ({ width: 0, height: Math.max(288, Math.round(window.innerHeight * 0.6)) })
/**
 * Module-level, so its identity is stable: the virtualiser recomputes the positions of all rows (10,000 on a
 * long track) whenever getItemKey changes, and an inline arrow changes on every render.
 */
export const cueKey = (index: number) => index

/** The virtualiser over the transcript's cues; while following, it also renders the block of rows playback is in. */
export function useCueVirtualizer(
  scrollRef: RefObject<HTMLDivElement | null>,
  count: number,
  following: boolean,
  block: number,
): CueVirtualizer {
  const rangeExtractor = useCallback(
    (range: Range) => rowsToRender(range, following ? block : -1),
    [following, block],
  )
  return useTranscriptVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ONE_LINE_ROW_PX,
    initialRect: viewportGuess(),
    overscan: 10,
    getItemKey: cueKey,
    rangeExtractor,
    // While following, the rows a scroll brings in are already rendered (rowsToRender), so the scroll
    // usually needs no render at all; a reader's own scrolling renders the rows it reveals at once.
    flushSyncOnScroll: !following,
  })
}

export type FollowPlaybackOptions = {
  following: boolean
  reducedMotion: boolean
  source: TimeSource
  timeline: CueTimeline
  virtualizer: CueVirtualizer
  scrollRef: RefObject<HTMLDivElement | null>
}

/**
 * Following: on each clock tick that moves to another cue, one scroll write, before React renders the
 * highlight, so the frame lays out once.
 */
export function useFollowPlayback({
  following,
  reducedMotion,
  source,
  timeline,
  virtualizer,
  scrollRef,
}: FollowPlaybackOptions) {
  useEffect(() => {
    if (!following) return
    const behavior = reducedMotion ? 'auto' : 'smooth'
    let shown = -1
    function follow() {
      const anchor = lastStartedCue(timeline, source.getSnapshot().time)
      if (anchor < 0 || anchor === shown) return
      shown = anchor
      const el = scrollRef.current
      const viewport = virtualizer.scrollRect?.height
      const row = virtualizer.getVirtualItems().find((r) => r.index === anchor)
      // A rendered, measured row (the next cue while playing): centred from the virtualiser's own positions,
      // with no layout read and no re-aiming over the next frames. A far seek lands among estimated rows: the
      // virtualiser scrolls there and re-aims as they are measured.
      if (el && viewport && row) {
        virtualizer.cancelScroll()
        const top = centredScrollOffset(row, viewport, virtualizer.getTotalSize())
        if (Math.abs(top - (virtualizer.scrollOffset ?? -1)) < 1) return
        if (behavior === 'smooth' && typeof el.scrollTo === 'function') el.scrollTo({ top, behavior })
        else el.scrollTop = top
      } else virtualizer.scrollToIndex(anchor, { align: 'center', behavior })
    }
    follow()
    return source.subscribe(follow)
  }, [following, reducedMotion, source, timeline, virtualizer, scrollRef])
}
