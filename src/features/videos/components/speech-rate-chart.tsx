import { useMemo, type KeyboardEvent, type MouseEvent } from 'react'
import { formatClock } from '#lib/format.ts'
import type { Cue } from '../lib/cues.ts'
import { languageName } from '../lib/language-names.ts'
import { speechRateSeries, summariseRate } from '../lib/speech-rate.ts'
import { speechRateBasis, type RateCue } from '../lib/speech-rate-words.ts'
import type { TimeSource } from '../lib/time-source.ts'
import { usePlaybackValue } from '../hooks/use-playback.ts'

const W = 600
const H = 80
const BINS = 120

export type SpeechRateChartProps = {
  cues: readonly Cue[]
  duration: number
  source: TimeSource
  /** The track's language code, to name it when the rate is not shown. */
  lang: string
}

/** The rate where the track's words can be counted; elsewhere, why it is not shown. */
export function SpeechRateChart({ cues, duration, source, lang }: SpeechRateChartProps) {
  const basis = useMemo(() => speechRateBasis(cues), [cues])
  if (basis.kind === 'words') return <RateChart cues={basis.cues} duration={duration} source={source} />
  const language = lang ? `${languageName(lang)} (${lang})` : 'this track'
  return (
    <p className="text-sm text-slate-700" data-testid="speech-rate-not-shown">
      {basis.kind === 'unspaced'
        ? `Speech rate is not shown for ${language}: its text is written without spaces between words, so there are no words to count per minute.`
        : `Speech rate is not shown for ${language}: the track has no words, only sound markers.`}
    </p>
  )
}

/** Words per minute over the video; clicking (or arrow keys on it) seeks to that moment. */
function RateChart({
  cues,
  duration,
  source,
}: {
  cues: readonly RateCue[]
  duration: number
  source: TimeSource
}) {
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
          (average {summary.averageWpm} words per minute while speaking; fastest {Math.round(summary.peakWpm)}{' '}
          at {formatClock(summary.peakAt)})
        </span>
        <span className="block text-xs font-normal text-slate-600">
          Words are counted in the text shown, in any script written with spaces, sound markers left out: not
          the service&rsquo;s word counts, which see only the letters a–z and digits.
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
