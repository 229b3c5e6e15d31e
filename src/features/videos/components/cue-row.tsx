import { memo, useCallback, useMemo, useSyncExternalStore, type MouseEvent } from 'react'
import type { MarginMark } from '#lib/coding/coding-marks.ts'
import { formatClock } from '#lib/format.ts'
import { cn } from '#lib/cn.ts'
import type { ActiveCueStore } from '../lib/active-cue-store.ts'
import type { Cue } from '../lib/cues.ts'
import { isOnlySoundMarkers, type TextRange } from '../lib/sound-markers.ts'
import type { TranscriptMatch } from '../lib/transcript-search.ts'
import { isCjk } from '../lib/language-names.ts'
import { CodeMarginMarks } from './code-margin-marks.tsx'
import { CueText } from './cue-text.tsx'

export type CueRowProps = {
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
export const CueRow = memo(function CueRow({
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
