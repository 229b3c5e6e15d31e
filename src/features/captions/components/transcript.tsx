import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
} from 'react'
import type { Range } from '@tanstack/react-virtual'
import type { MarginMark } from '#lib/coding/coding-marks.ts'
import {
  isSelected,
  selectionBounds,
  shiftArrowSelect,
  type CueSelection,
} from '#lib/coding/cue-selection.ts'
import { formatClock } from '#lib/format.ts'
import { cn } from '#lib/cn.ts'
import { Button } from '#components/ui/button.tsx'
import { lastStartedCue, type CueTimeline } from '../lib/active-cue.ts'
import { createActiveCueStore, type ActiveCueStore } from '../lib/active-cue-store.ts'
import type { Cue } from '../lib/cues.ts'
import { centredScrollOffset, followBlock, rowsToRender } from '../lib/follow-scroll.ts'
import type { TextRange } from '../lib/sound-markers.ts'
import { isOnlySoundMarkers } from '../lib/sound-markers.ts'
import type { TranscriptMatch } from '../lib/transcript-search.ts'
import type { TimeSource } from '../lib/time-source.ts'
import { isCjk } from '../lib/language-names.ts'
import { usePlaybackValue } from '../hooks/use-playback.ts'
import { useReducedMotion } from '../hooks/use-reduced-motion.ts'
import { useTranscriptVirtualizer } from '../hooks/use-transcript-virtualizer.ts'
import { CodeMarginMarks } from './code-margin-marks.tsx'
import { CueText } from './cue-text.tsx'

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
/** A one-line cue: py-2 (16 px) + one 24 px line + the 1 px border. Rows are measured; this only places unseen ones. */
const ONE_LINE_ROW_PX = 41
/** The scroll box is h-[60vh] min-h-72: its height before it is measured, so the first render fills it at once. */
const viewportGuess = () => ({ width: 0, height: Math.max(288, Math.round(window.innerHeight * 0.6)) })
/**
 * Module-level, so its identity is stable: the virtualiser recomputes the positions of all rows (10,000 on a
 * long track) whenever getItemKey changes, and an inline arrow changes on every render.
 */
const cueKey = (index: number) => index

type CueRowProps = {
  cue: Cue
  index: number
  count: number
  /** Tells the row whether it is the playing cue. */
  playing: ActiveCueStore
  lang: string
  matches: readonly TextRange[] | undefined
  currentMatch: TranscriptMatch | undefined
  measure: (el: HTMLDivElement | null) => void
  onSeek: (t: number) => void
  /** Coding mode only. */
  selected?: boolean
  marks?: readonly MarginMark[]
  onSelect?: (index: number, shift: boolean) => void
}

/**
 * One cue. It subscribes to whether it is playing, so when the highlight moves the two rows concerned render
 * again and nothing else does; memoised, so the list's own renders (scrolling) pass it by.
 */
const CueRow = memo(function CueRow({
  cue,
  index,
  count,
  playing,
  lang,
  matches,
  currentMatch,
  measure,
  onSeek,
  selected = false,
  marks,
  onSelect,
}: CueRowProps) {
  const subscribe = useCallback(
    (onChange: () => void) => playing.subscribe(index, onChange),
    [playing, index],
  )
  const isPlaying = () => playing.current() === index
  const active = useSyncExternalStore(subscribe, isPlaying, isPlaying)
  // currentMatch changes only when the reader steps through matches: the same object until then, for CueText.
  const current = useMemo(
    () => (currentMatch ? { start: currentMatch.start, end: currentMatch.end } : undefined),
    [currentMatch],
  )
  const soundOnly = useMemo(() => isOnlySoundMarkers(cue.text), [cue.text])
  function onClick(e: MouseEvent) {
    if (onSelect) {
      onSelect(index, e.shiftKey)
      // Shift+click extends the coding selection; it does not move playback.
      if (e.shiftKey) return
    }
    // Selecting text to quote it is not a request to seek.
    if (window.getSelection()?.toString()) return
    if ((e.target as HTMLElement).closest('button')) return
    onSeek(cue.start)
  }
  return (
    <div
      ref={measure}
      data-index={index}
      role="listitem"
      aria-setsize={count}
      aria-posinset={index + 1}
      aria-current={active ? 'true' : undefined}
      data-selected={selected || undefined}
      onClick={onClick}
      onMouseDown={(e) => {
        // Shift+click selects cues, not the text between two clicks.
        if (onSelect && e.shiftKey) e.preventDefault()
      }}
      className={cn(
        // transition-none: rows never animate, and under reduced motion a global transition-duration would
        // otherwise start a transition (and its events) on every row that moves or changes colour.
        'flex cursor-pointer gap-3 border-b border-slate-100 px-3 py-2 transition-none hover:bg-sky-50',
        active && 'bg-yellow-100 hover:bg-yellow-100',
        soundOnly && 'text-slate-500',
        selected && 'bg-sky-100 ring-2 ring-inset ring-sky-600 hover:bg-sky-100',
      )}
    >
      {onSelect && <CodeMarginMarks marks={marks} />}
      {selected && <span className="sr-only">Selected for coding.</span>}
      <button
        type="button"
        dir="ltr"
        className="shrink-0 self-start rounded px-1 font-mono text-xs tabular-nums text-sky-800 hover:underline"
        aria-label={`Seek to ${formatClock(cue.start)}`}
        onClick={() => onSeek(cue.start)}
      >
        {formatClock(cue.start)}
      </button>
      <span
        className={cn(
          'min-w-0 flex-1 whitespace-pre-wrap [overflow-wrap:anywhere]',
          isCjk(lang) && '[line-break:strict] [word-break:normal]',
          lang.startsWith('ko') && '[word-break:keep-all]',
        )}
      >
        <CueText text={cue.text} matches={matches} currentMatch={current} />
      </span>
    </div>
  )
})

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
  /** A cue to focus once the virtualiser has rendered it (keyboard selection past the rows on screen). */
  const pendingFocus = useRef<number | undefined>(undefined)
  const reducedMotion = useReducedMotion()
  // Rows subscribe to this one by one; the transcript re-renders for the highlight's block, once per
  // FOLLOW_BLOCK cues, not for every cue.
  const playing = useMemo(() => createActiveCueStore(source, timeline), [source, timeline])
  // In a gap the last cue that started stays in view, so the list does not jump back to the top.
  const block = usePlaybackValue(source, (s) => followBlock(lastStartedCue(timeline, s.time)))

  const rangeExtractor = useCallback(
    (range: Range) => rowsToRender(range, following ? block : -1),
    [following, block],
  )
  const virtualizer = useTranscriptVirtualizer({
    count: cues.length,
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

  // Following: on each clock tick that moves to another cue, one scroll write, before React renders the
  // highlight, so the frame lays out once.
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
  }, [following, reducedMotion, source, timeline, virtualizer])

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

  /** Moves keyboard focus to a cue's seek button, scrolling it into the rendered rows first when needed. */
  const focusCue = useCallback(
    (index: number) => {
      const button = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] button`)
      if (button) button.focus()
      else {
        pendingFocus.current = index
        virtualizer.scrollToIndex(index, { align: 'auto' })
      }
    },
    [virtualizer],
  )

  // Coding mode: ↑/↓ move between cues, Shift+↑/↓ extend the selection, Escape clears it.
  function onCodingKeys(e: KeyboardEvent) {
    if (!coding || e.altKey || e.ctrlKey || e.metaKey) return
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (!row) return
    const focused = Number(row.dataset.index)
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const direction = e.key === 'ArrowDown' ? 1 : -1
      if (e.shiftKey) {
        const next = shiftArrowSelect(coding.selection, focused, direction, cues.length)
        coding.onSelectionChange(next.selection)
        focusCue(next.focus)
      } else focusCue(Math.max(0, Math.min(cues.length - 1, focused + direction)))
      readerScrolls()
    } else if (e.key === 'Escape' && coding.selection) coding.onSelectionChange(undefined)
  }

  const items = virtualizer.getVirtualItems()
  // rowsToRender gives one run of rows. Which rows and how they look, not where they are: a scroll that keeps
  // the same rows (following playback, the next rows are already there) reconciles none of them.
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1
  const selection = coding?.selection
  const margin = coding?.margin
  const onSelect = coding?.onSelect
  const rows = useMemo(() => {
    const out = []
    for (let i = first; i <= last; i++)
      out.push(
        <CueRow
          key={cueKey(i)}
          cue={cues[i]!}
          index={i}
          count={cues.length}
          playing={playing}
          lang={lang}
          matches={matchesByCue.get(i)}
          currentMatch={currentMatch?.cueIndex === i ? currentMatch : undefined}
          measure={virtualizer.measureElement}
          onSeek={onSeek}
          selected={isSelected(selection, i)}
          marks={margin?.get(i)}
          onSelect={onSelect}
        />,
      )
    return out
  }, [
    first,
    last,
    cues,
    playing,
    lang,
    matchesByCue,
    currentMatch,
    virtualizer,
    onSeek,
    selection,
    margin,
    onSelect,
  ])

  // The cue asked for by the keyboard is rendered now: focus it.
  useEffect(() => {
    const index = pendingFocus.current
    if (index === undefined || index < first || index > last) return
    pendingFocus.current = undefined
    listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] button`)?.focus()
  }, [first, last, rows])
  const selectedBounds = selection ? selectionBounds(selection) : undefined
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
            onKeyDown={coding ? onCodingKeys : undefined}
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
