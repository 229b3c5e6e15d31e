import { memo } from 'react'
import { segmentCueText } from '../lib/cue-segments.ts'
import { soundMarkerRanges, type TextRange } from '../lib/sound-markers.ts'
import { cn } from '#lib/cn.ts'

export type CueTextProps = { text: string; matches?: readonly TextRange[]; currentMatch?: TextRange }

const NO_MATCHES: readonly TextRange[] = []

/**
 * A cue's words, with [Music]-style markers set apart and search matches highlighted. Memoised: the row around
 * it re-renders when the highlight moves, the words do not change.
 */
export const CueText = memo(function CueText({ text, matches = NO_MATCHES, currentMatch }: CueTextProps) {
  const segments = segmentCueText(text, soundMarkerRanges(text), matches, currentMatch)
  return (
    <>
      {segments.map((s, i) => {
        const inner = s.marker ? (
          <span className="rounded bg-slate-100 px-1 text-[0.9em] italic text-slate-600" data-sound-marker="">
            {s.text}
          </span>
        ) : (
          s.text
        )
        return s.match ? (
          <mark
            key={i}
            className={cn(
              'rounded-sm bg-amber-200 text-inherit',
              s.current && 'bg-orange-400 ring-2 ring-orange-600',
            )}
            data-current-match={s.current ? '' : undefined}
          >
            {inner}
          </mark>
        ) : (
          <span key={i}>{inner}</span>
        )
      })}
    </>
  )
})
