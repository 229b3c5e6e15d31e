import { memo, useId } from 'react'
import { formatClock } from '../../../lib/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { PLAYBACK_RATES, type TimeSource } from '../lib/time-source.ts'
import { usePlayback } from '../hooks/use-playback.ts'

export type PlaybackControlsProps = {
  source: TimeSource
  /** Search matches as fractions of the duration, drawn along the scrubber. */
  matchMarks: readonly number[]
  matchCount: number
}

/** Memoised: the controls re-render every frame while playing, the marks only when the search changes. */
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

/** Play/pause, a scrubber over the whole duration with search matches marked, and speed. */
export function PlaybackControls({ source, matchMarks, matchCount }: PlaybackControlsProps) {
  const { time, playing, rate, duration } = usePlayback(source)
  const speedId = useId()
  const marksId = useId()
  const label = source.kind === 'clock' ? 'Transcript clock' : 'Player'
  return (
    <div
      role="group"
      aria-label={`${label} controls`}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <Button
        variant="primary"
        size="sm"
        className="w-20"
        onClick={() => (playing ? source.pause() : source.play())}
        aria-keyshortcuts="Space"
      >
        {playing ? 'Pause' : 'Play'}
      </Button>
      <span className="font-mono text-sm tabular-nums" data-testid="playback-time" aria-live="off">
        {formatClock(time)} / {formatClock(duration)}
      </span>
      <div className="relative min-w-48 flex-1">
        <input
          type="range"
          aria-label="Playback position"
          aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
          aria-describedby={matchCount > 0 ? marksId : undefined}
          aria-keyshortcuts="ArrowLeft ArrowRight"
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={Math.min(time, duration)}
          onChange={(e) => source.seek(Number(e.target.value))}
          className="w-full accent-sky-700"
        />
        <MatchMarks marks={matchMarks} />
        {matchCount > 0 && (
          <span id={marksId} className="sr-only">
            {matchCount} search matches are marked along the scrubber.
          </span>
        )}
      </div>
      <label htmlFor={speedId} className="text-sm">
        Speed
      </label>
      <select
        id={speedId}
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
    </div>
  )
}
