import { useMemo } from 'react'
import { isSelected } from '#lib/coding/cue-selection.ts'
import type { ActiveCueStore } from '../lib/active-cue-store.ts'
import type { Cue } from '../lib/cues.ts'
import type { TextRange } from '../lib/sound-markers.ts'
import type { TranscriptMatch } from '../lib/transcript-search.ts'
import { CueRow } from '../components/cue-row.tsx'
import type { TranscriptCoding } from '../components/transcript.tsx'
import { cueKey, type CueVirtualizer } from './use-transcript-scroll.ts'

export type CueRowsOptions = {
  /** The run of rows to render, first to last inclusive. */
  first: number
  last: number
  cues: readonly Cue[]
  playing: ActiveCueStore
  lang: string
  matchesByCue: ReadonlyMap<number, TextRange[]>
  currentMatch: TranscriptMatch | undefined
  virtualizer: CueVirtualizer
  onSeek: (t: number) => void
  coding: TranscriptCoding | undefined
}

/**
 * The rendered rows: which rows and how they look, not where they are, so a scroll that keeps the same rows
 * (following playback, the next rows are already there) reconciles none of them.
 */
export function useCueRows({
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
}: CueRowsOptions) {
  const selection = coding?.selection
  const margin = coding?.margin
  const onSelect = coding?.onSelect
  return useMemo(() => {
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
}
