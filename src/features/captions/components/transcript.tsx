import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { formatClock } from '../../../lib/format.ts'
import { cn } from '../../../lib/cn.ts'
import { Button } from '../../../components/ui/button.tsx'
import { activeCueIndex, lastStartedCue, type CueTimeline } from '../lib/active-cue.ts'
import type { Cue } from '../lib/cues.ts'
import type { TextRange } from '../lib/sound-markers.ts'
import { isOnlySoundMarkers } from '../lib/sound-markers.ts'
import type { TranscriptMatch } from '../lib/transcript-search.ts'
import type { TimeSource } from '../lib/time-source.ts'
import { isCjk } from '../lib/language-names.ts'
import { usePlaybackValue } from '../hooks/use-playback.ts'
import { useReducedMotion } from '../hooks/use-reduced-motion.ts'
import { CueText } from './cue-text.tsx'

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
}

const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown'])

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
}: TranscriptProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const reducedMotion = useReducedMotion()
  const activeIndex = usePlaybackValue(source, (s) => activeCueIndex(timeline, s.time))
  // In a gap the last cue that started stays in view, so the list does not jump back to the top.
  const anchorIndex = usePlaybackValue(source, (s) => lastStartedCue(timeline, s.time))

  const virtualizer = useVirtualizer({
    count: cues.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 52,
    overscan: 10,
    getItemKey: (i) => i,
  })

  useEffect(() => {
    if (!following || anchorIndex < 0) return
    virtualizer.scrollToIndex(anchorIndex, { align: 'center', behavior: reducedMotion ? 'auto' : 'smooth' })
  }, [anchorIndex, following, reducedMotion, virtualizer])

  // Stepping to a match brings the whole transcript box into the page's view, so the match is seen.
  useEffect(() => {
    if (currentMatch)
      scrollRef.current?.scrollIntoView?.({ block: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' })
  }, [currentMatch, reducedMotion])

  function readerScrolls() {
    if (following) onFollowingChange(false)
  }

  function onCueClick(e: MouseEvent, cue: Cue) {
    // Selecting text to quote it is not a request to seek.
    if (window.getSelection()?.toString()) return
    if ((e.target as HTMLElement).closest('button')) return
    seekTo(cue.start)
  }

  function seekTo(t: number) {
    source.seek(t)
    onFollowingChange(true)
  }

  const cjk = isCjk(lang)
  const items = virtualizer.getVirtualItems()
  return (
    <div className="relative">
      <div
        ref={scrollRef}
        className="h-[60vh] min-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white"
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
        <div
          role="list"
          aria-label="Transcript cues"
          dir={rtl ? 'rtl' : 'ltr'}
          lang={lang}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {items.map((item) => {
            const cue = cues[item.index]!
            const active = item.index === activeIndex
            const matches = matchesByCue.get(item.index)
            const current =
              currentMatch && currentMatch.cueIndex === item.index
                ? { start: currentMatch.start, end: currentMatch.end }
                : undefined
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="listitem"
                aria-setsize={cues.length}
                aria-posinset={item.index + 1}
                aria-current={active ? 'true' : undefined}
                onClick={(e) => onCueClick(e, cue)}
                className={cn(
                  'absolute left-0 top-0 flex w-full cursor-pointer gap-3 border-b border-slate-100 px-3 py-2 hover:bg-sky-50',
                  active && 'bg-yellow-100 hover:bg-yellow-100',
                  isOnlySoundMarkers(cue.text) && 'text-slate-500',
                )}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <button
                  type="button"
                  dir="ltr"
                  className="shrink-0 self-start rounded px-1 font-mono text-xs tabular-nums text-sky-800 hover:underline"
                  aria-label={`Seek to ${formatClock(cue.start)}`}
                  onClick={() => seekTo(cue.start)}
                >
                  {formatClock(cue.start)}
                </button>
                <span
                  className={cn(
                    'min-w-0 flex-1 whitespace-pre-wrap [overflow-wrap:anywhere]',
                    cjk && '[line-break:strict] [word-break:normal]',
                    lang.startsWith('ko') && '[word-break:keep-all]',
                  )}
                >
                  <CueText text={cue.text} matches={matches} currentMatch={current} />
                </span>
              </div>
            )
          })}
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
