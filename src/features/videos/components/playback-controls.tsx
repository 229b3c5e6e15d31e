import { memo, useId } from 'react'
import type { ScrubberMark } from '#lib/coding/coding-marks.ts'
import { formatClock } from '#lib/format.ts'
import { Button } from '#components/ui/button.tsx'
import { scrubberValue, SCRUBBER_STEP_SECONDS } from '../lib/scrubber.ts'
import { PLAYBACK_RATES, type PlaybackSnapshot, type TimeSource } from '../lib/time-source.ts'
import { usePlaybackValue } from '../hooks/use-playback.ts'

export type PlaybackControlsProps = {
  source: TimeSource
  /** Search matches as fractions of the duration, drawn along the scrubber. */
  matchMarks: readonly number[]
  matchCount: number
  /** Coded segments of this video (coding mode), drawn above the scrubber in their codes' colours. */
  codingMarks?: readonly ScrubberMark[]
}

/** Memoised: the marks re-render only when the search changes. */
const MatchMarks = memo(function MatchMarks({ marks }: { marks: readonly number[] }) {
  if (marks.length === 0) return null
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 -bottom-1 h-2"
      data-testid="scrubber-match-marks"
    >
      {marks.map((f) => (
        <span key={f} className="absolute h-2 w-0.5 bg-orange-500" style={{ left: `${f * 100}%` }} />
      ))}
    </div>
  )
})

/** Memoised: the marks re-render only when the codings change. */
const CodingMarks = memo(function CodingMarks({ marks }: { marks: readonly ScrubberMark[] }) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 -top-1.5 h-1.5"
      data-testid="scrubber-coding-marks"
    >
      {marks.map((m) => (
        <span
          key={m.id}
          className="absolute h-1.5 rounded-sm"
          style={{ left: `${m.left * 100}%`, width: `${m.width * 100}%`, backgroundColor: m.color }}
          data-code={m.name}
        />
      ))}
    </div>
  )
})

function PlayPauseButton({ source }: { source: TimeSource }) {
  const playing = usePlaybackValue(source, (s) => s.playing)
  return (
    <Button
      variant="primary"
      size="sm"
      className="w-20"
      onClick={() => (playing ? source.pause() : source.play())}
      aria-keyshortcuts="Space"
    >
      {playing ? 'Pause' : 'Play'}
    </Button>
  )
}

const clockOf = (s: PlaybackSnapshot) => `${formatClock(s.time)} / ${formatClock(s.duration)}`

/**
 * Whole seconds: re-renders once a second of playback, not every frame. Sized in `ch` of its monospaced text and
 * contained, so a new second is laid out inside the readout alone, not across the controls.
 */
function TimeReadout({ source }: { source: TimeSource }) {
  const text = usePlaybackValue(source, clockOf)
  return (
    <span
      className="inline-block h-5 font-mono text-sm tabular-nums [contain:strict]"
      style={{ width: `${text.length}ch` }}
      data-testid="playback-time"
      aria-live="off"
    >
      {text}
    </span>
  )
}

function Scrubber({ source, describedBy }: { source: TimeSource; describedBy: string | undefined }) {
  const value = usePlaybackValue(source, scrubberValue)
  const duration = usePlaybackValue(source, (s) => s.duration)
  const valueText = usePlaybackValue(source, (s) => `${formatClock(s.time)} of ${formatClock(s.duration)}`)
  return (
    <input
      type="range"
      aria-label="Playback position"
      aria-valuetext={valueText}
      aria-describedby={describedBy}
      aria-keyshortcuts="ArrowLeft ArrowRight"
      min={0}
      max={Math.max(duration, 0.1)}
      step={SCRUBBER_STEP_SECONDS}
      value={value}
      onChange={(e) => source.seek(Number(e.target.value))}
      className="w-full accent-sky-700"
    />
  )
}

function SpeedSelect({ source, id }: { source: TimeSource; id: string }) {
  const rate = usePlaybackValue(source, (s) => s.rate)
  return (
    <select
      id={id}
      value={rate}
      onChange={(e) => source.setRate(Number(e.target.value))}
      className="rounded border border-slate-300 px-2 py-1 text-sm"
    >
      {PLAYBACK_RATES.map((r) => (
        <option key={r} value={r}>
          {r}×
        </option>
      ))}
    </select>
  )
}

/**
 * Play/pause, a scrubber over the whole duration with search matches marked, and speed. Each part subscribes
 * to the one value it shows, so a playing frame re-renders none of them unless that value changed.
 */
export function PlaybackControls({ source, matchMarks, matchCount, codingMarks }: PlaybackControlsProps) {
  const speedId = useId()
  const marksId = useId()
  const codedId = useId()
  const coded = codingMarks?.length ?? 0
  const describedBy = [matchCount > 0 ? marksId : '', coded > 0 ? codedId : ''].filter(Boolean).join(' ')
  const label = source.kind === 'clock' ? 'Transcript clock' : 'Player'
  return (
    <div
      role="group"
      aria-label={`${label} controls`}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <PlayPauseButton source={source} />
      <TimeReadout source={source} />
      <div className="relative min-w-48 flex-1">
        <Scrubber source={source} describedBy={describedBy || undefined} />
        <MatchMarks marks={matchMarks} />
        {codingMarks && <CodingMarks marks={codingMarks} />}
        {coded > 0 && (
          <span id={codedId} className="sr-only">
            {coded} coded {coded === 1 ? 'segment is' : 'segments are'} marked along the scrubber.
          </span>
        )}
        {matchCount > 0 && (
          <span id={marksId} className="sr-only">
            {matchCount} search matches are marked along the scrubber.
          </span>
        )}
      </div>
      <label htmlFor={speedId} className="text-sm">
        Speed
      </label>
      <SpeedSelect source={source} id={speedId} />
    </div>
  )
}
