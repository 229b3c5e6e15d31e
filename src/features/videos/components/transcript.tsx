import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react'
import type { MarginMark } from '#lib/coding/coding-marks.ts'
import { selectionBounds, shiftArrowSelect, type CueSelection } from '#lib/coding/cue-selection.ts'
import { Button } from '#components/ui/button.tsx'
import { lastStartedCue, type CueTimeline } from '../lib/active-cue.ts'
import { createActiveCueStore } from '../lib/active-cue-store.ts'
import type { Cue } from '../lib/cues.ts'
import { followBlock } from '../lib/follow-scroll.ts'
import type { TextRange } from '../lib/sound-markers.ts'
import type { TranscriptMatch } from '../lib/transcript-search.ts'
import type { TimeSource } from '../lib/time-source.ts'
import { useCueFocus } from '../hooks/use-cue-focus.ts'
import { useCueRows } from '../hooks/use-cue-rows.tsx'
import { usePlaybackValue } from '../hooks/use-playback.ts'
import { useReducedMotion } from '../hooks/use-reduced-motion.ts'
import { useCueVirtualizer, useFollowPlayback } from '../hooks/use-transcript-scroll.ts'

/** Coding mode (a collection in the URL): cues are selected with the mouse or Shift+arrows, codes shown in the margin. */
export type TranscriptCoding = {
  selection: CueSelection | undefined
  margin: ReadonlyMap<number, MarginMark[]>
  /** A click (Shift: extend from the anchor). */
  onSelect: (index: number, shift: boolean) => void
  onSelectionChange: (selection: CueSelection | undefined) => void
}

export type TranscriptProps = {
  cues: readonly Cue[]
  timeline: CueTimeline
  source: TimeSource
  lang: string
  rtl: boolean
  matchesByCue: ReadonlyMap<number, TextRange[]>
  currentMatch: TranscriptMatch | undefined
  following: boolean
  onFollowingChange: (following: boolean) => void
  coding?: TranscriptCoding
}

const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown'])

/** Coding mode's keys: ↑/↓ move between cues, Shift+↑/↓ extend the selection, Escape clears it. */
function codingKeys(
  coding: TranscriptCoding,
  cueCount: number,
  focusCue: (index: number) => void,
  readerScrolls: () => void,
) {
  return (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (!row) return
    const focused = Number(row.dataset.index)
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const direction = e.key === 'ArrowDown' ? 1 : -1
      if (e.shiftKey) {
        const next = shiftArrowSelect(coding.selection, focused, direction, cueCount)
        coding.onSelectionChange(next.selection)
        focusCue(next.focus)
      } else focusCue(Math.max(0, Math.min(cueCount - 1, focused + direction)))
      readerScrolls()
    } else if (e.key === 'Escape' && coding.selection) coding.onSelectionChange(undefined)
  }
}

/** The transcript, virtualised so thousands of cues render at once; follows playback unless the reader scrolls away. */
export function Transcript({
  cues,
  timeline,
  source,
  lang,
  rtl,
  matchesByCue,
  currentMatch,
  following,
  onFollowingChange,
  coding,
}: TranscriptProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const reducedMotion = useReducedMotion()
  // Rows subscribe to this one by one; the transcript re-renders for the highlight's block, once per
  // FOLLOW_BLOCK cues, not for every cue.
  const playing = useMemo(() => createActiveCueStore(source, timeline), [source, timeline])
  // In a gap the last cue that started stays in view, so the list does not jump back to the top.
  const block = usePlaybackValue(source, (s) => followBlock(lastStartedCue(timeline, s.time)))
  const virtualizer = useCueVirtualizer(scrollRef, cues.length, following, block)
  useFollowPlayback({ following, reducedMotion, source, timeline, virtualizer, scrollRef })

  // Stepping to a match brings the whole transcript box into the page's view, so the match is seen. At once: a smooth
  // page scroll is cancelled by the box's own smooth scroll to the match, which would leave the box half off-screen.
  useEffect(() => {
    if (currentMatch) scrollRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'auto' })
  }, [currentMatch])

  function readerScrolls() {
    if (following) onFollowingChange(false)
  }

  const onSeek = useCallback(
    (t: number) => {
      source.seek(t)
      onFollowingChange(true)
    },
    [source, onFollowingChange],
  )

  const items = virtualizer.getVirtualItems()
  // rowsToRender gives one run of rows.
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1
  const rows = useCueRows({
    first,
    last,
    cues,
    playing,
    lang,
    matchesByCue,
    currentMatch,
    virtualizer,
    onSeek,
    coding,
  })
  const focusCue = useCueFocus(listRef, virtualizer, first, last, rows)
  const selectedBounds = coding?.selection ? selectionBounds(coding.selection) : undefined
  return (
    <div className="relative">
      <div
        ref={scrollRef}
        // contain:strict: the box has a fixed height, so nothing inside it (rows mounting while playing) can
        // change the page's layout; the browser lays out only the box.
        className="h-[60vh] min-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white [contain:strict]"
        onWheel={readerScrolls}
        onTouchMove={readerScrolls}
        onPointerDown={(e) => {
          // A press on the scroll bar lands on the container itself.
          if (e.target === e.currentTarget) readerScrolls()
        }}
        onKeyDown={(e: KeyboardEvent) => {
          if (SCROLL_KEYS.has(e.key)) readerScrolls()
        }}
        tabIndex={0}
        role="region"
        aria-label={`Transcript, ${cues.length} cues`}
        data-testid="transcript-scroll"
      >
        {/* The rows flow in one block moved down to the first one: a row mounting at the end is laid out
            alone, where absolutely placed rows make their container place all of them again. */}
        <div className="relative transition-none" style={{ height: virtualizer.getTotalSize() }}>
          <div
            ref={listRef}
            role="list"
            aria-label="Transcript cues"
            dir={rtl ? 'rtl' : 'ltr'}
            lang={lang}
            className="absolute left-0 top-0 w-full transition-none"
            style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
            onKeyDown={coding ? codingKeys(coding, cues.length, focusCue, readerScrolls) : undefined}
            data-selection={selectedBounds ? selectedBounds.join('-') : undefined}
          >
            {rows}
          </div>
        </div>
      </div>
      {!following && (
        <Button
          variant="primary"
          size="sm"
          className="absolute bottom-3 right-5 shadow"
          onClick={() => onFollowingChange(true)}
        >
          Follow playback
        </Button>
      )}
    </div>
  )
}
