import { useMemo, type KeyboardEvent, type MouseEvent } from 'react'
import { formatClock } from '#lib/format.ts'
import type { Cue } from '../lib/cues.ts'
import { speechRateSeries, summariseRate } from '../lib/speech-rate.ts'
import type { TimeSource } from '../lib/time-source.ts'
import { usePlaybackValue } from '../hooks/use-playback.ts'

const W = 600
const H = 80
const BINS = 120

export type SpeechRateChartProps = { cues: readonly Cue[]; duration: number; source: TimeSource }

/** Words per minute over the video; clicking (or arrow keys on it) seeks to that moment. */
export function SpeechRateChart({ cues, duration, source }: SpeechRateChartProps) {
  const bins = useMemo(() => speechRateSeries(cues, duration, BINS), [cues, duration])
  const summary = useMemo(() => summariseRate(cues), [cues])
  const maxWpm = Math.max(1, ...bins.map((b) => b.wpm))
  // Whole bins only, so the chart re-renders a few hundred times per video, not every frame.
  const bin = usePlaybackValue(source, (s) =>
    duration > 0 ? Math.min(BINS - 1, Math.floor((s.time / duration) * BINS)) : 0,
  )
  if (bins.length === 0) return null

  const path = bins
    .map((b, i) => `${i === 0 ? 'M' : 'L'}${((i + 0.5) / BINS) * W},${H - (b.wpm / maxWpm) * (H - 4)}`)
    .join(' ')
  const area = `${path} L${W},${H} L0,${H} Z`
  const x = ((bin + 0.5) / BINS) * W
  const current = bins[bin]

  function seekToFraction(f: number) {
    source.seek(Math.max(0, Math.min(1, f)) * duration)
  }
  function onClick(e: MouseEvent<SVGSVGElement>) {
    const rect = e.currentTarget.getBoundingClientRect()
    seekToFraction((e.clientX - rect.left) / rect.width)
  }
  function onKeyDown(e: KeyboardEvent<SVGSVGElement>) {
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? -1
          : 0
    if (e.key === 'Home') seekToFraction(0)
    else if (e.key === 'End') seekToFraction(1)
    else if (step) seekToFraction((bin + step + 0.5) / BINS)
    else return
    e.preventDefault()
  }

  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-medium">
        Speech rate{' '}
        <span className="font-normal text-slate-600">
          {summary.peakWpm > 0
            ? `(average ${summary.averageWpm} words per minute while speaking; fastest ${summary.peakWpm} at ${formatClock(summary.peakAt)})`
            : // The service counts words as runs of Latin letters and digits, so scripts without spaces report 0.
              '(the service reports no speech rate for this track: its words are not counted in this script)'}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-20 w-full cursor-pointer rounded border border-slate-200 bg-white"
        role="slider"
        tabIndex={0}
        aria-label="Speech rate over time, words per minute: click or use the arrow keys to seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(current?.start ?? 0)}
        aria-valuetext={`${formatClock(current?.start ?? 0)}: ${Math.round(current?.wpm ?? 0)} words per minute`}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <path d={area} className="fill-sky-100" />
        <path
          d={path}
          className="fill-none stroke-sky-700"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
        <line
          x1={x}
          x2={x}
          y1={0}
          y2={H}
          className="stroke-orange-500"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </figure>
  )
}
