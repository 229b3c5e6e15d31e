import { useMemo, useState } from 'react'
import type { CueTimeline } from '../lib/active-cue.ts'
import type { Cue } from '../lib/cues.ts'
import type { TextRange } from '../lib/sound-markers.ts'
import type { TimeSource } from '../lib/time-source.ts'
import { firstMatchFrom, matchMarks, searchTranscript, stepMatch } from '../lib/transcript-search.ts'
import { usePaintedOnce } from '../hooks/use-painted-once.ts'
import { usePlaybackKeys } from '../hooks/use-playback-keys.ts'
import { useStudioCoding, type StudioCodingTarget } from '../hooks/use-studio-coding.ts'
import { CopyMomentLink } from './copy-moment-link.tsx'
import { PlaybackControls } from './playback-controls.tsx'
import { SpeechRateChart } from './speech-rate-chart.tsx'
import { StudioCodingPanel } from './studio-coding-panel.tsx'
import { Transcript, type TranscriptCoding } from './transcript.tsx'
import { TranscriptSearch } from './transcript-search.tsx'

export type TranscriptWorkspaceProps = {
  cues: readonly Cue[]
  timeline: CueTimeline
  duration: number
  source: TimeSource
  lang: string
  rtl: boolean
  query: string
  onQueryChange: (q: string) => void
  /** A collection in the URL turns coding on. */
  coding?: StudioCodingTarget & { collectionName?: string }
}

/** Controls, search, the synced transcript and the speech-rate chart of one track. */
export function TranscriptWorkspace({
  cues,
  timeline,
  duration,
  source,
  lang,
  rtl,
  query,
  onQueryChange,
  coding: codingTarget,
}: TranscriptWorkspaceProps) {
  const [following, setFollowing] = useState(true)
  const { matches, truncated } = useMemo(() => searchTranscript(cues, query), [cues, query])
  const [current, setCurrent] = useState(-1)
  const [matchesShown, setMatchesShown] = useState(matches)
  if (matchesShown !== matches) {
    setMatchesShown(matches)
    setCurrent(-1)
  }
  const matchesByCue = useMemo(() => {
    const map = new Map<number, TextRange[]>()
    for (const m of matches) {
      const list = map.get(m.cueIndex)
      if (list) list.push(m)
      else map.set(m.cueIndex, [m])
    }
    return map
  }, [matches])
  const marks = useMemo(() => matchMarks(matches, duration), [matches, duration])
  usePlaybackKeys(source)
  const coding = useStudioCoding(codingTarget, cues, duration)
  const { selection, margin, select: selectCue, setSelection } = coding
  const transcriptCoding = useMemo<TranscriptCoding | undefined>(
    () =>
      codingTarget ? { selection, margin, onSelect: selectCue, onSelectionChange: setSelection } : undefined,
    [codingTarget, selection, margin, selectCue, setSelection],
  )
  // The chart bins every cue: drawn once the transcript is on screen.
  const showChart = usePaintedOnce(true)

  function select(index: number) {
    const m = matches[index]
    if (!m) return
    setCurrent(index)
    source.seek(m.time)
    setFollowing(true)
  }

  function jump(seconds: number) {
    source.seek(seconds)
    setFollowing(true)
  }

  function step(direction: 1 | -1) {
    // The first step continues from where the reader is, not from the top.
    if (current < 0 && direction === 1) select(firstMatchFrom(matches, source.getSnapshot().time))
    else select(stepMatch(current, matches.length, direction))
  }

  return (
    // Each part a paint layer of its own (see videos-view.tsx): the transcript repaints alone while playing.
    <div className="space-y-3 [&>*]:relative">
      <PlaybackControls
        source={source}
        matchMarks={marks}
        matchCount={matches.length}
        codingMarks={codingTarget ? coding.scrubber : undefined}
      />
      <CopyMomentLink source={source} />
      <TranscriptSearch
        query={query}
        onQueryChange={onQueryChange}
        matches={matches}
        truncated={truncated}
        current={current}
        onStep={step}
        onSelect={select}
        cues={cues}
      />
      <Transcript
        cues={cues}
        timeline={timeline}
        source={source}
        lang={lang}
        rtl={rtl}
        matchesByCue={matchesByCue}
        currentMatch={matches[current]}
        following={following}
        onFollowingChange={setFollowing}
        coding={transcriptCoding}
      />
      <p className="text-xs text-slate-600">
        Keys: Space plays or pauses, ← and → move 5 seconds (when the focus is not in a field).
        {codingTarget &&
          ' Coding: on a cue’s time, ↑ and ↓ move between cues, Shift+↑ and Shift+↓ select; 1–9 apply a code to the selection.'}
      </p>
      {codingTarget && (
        <StudioCodingPanel
          collectionId={codingTarget.collectionId}
          collectionName={codingTarget.collectionName}
          coding={coding}
          cues={cues}
          onJump={jump}
        />
      )}
      {showChart && <SpeechRateChart cues={cues} duration={duration} source={source} lang={lang} />}
    </div>
  )
}
