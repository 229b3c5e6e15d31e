/** Hits over publication time: bars drawn in SVG from the counts (no chart library), described for a screen reader. */
import type { TimeBucket } from '../lib/hit-counts.ts'

const WIDTH = 600
const HEIGHT = 120

export function HitsChart({ buckets, unit }: { buckets: readonly TimeBucket[]; unit: string }) {
  if (buckets.length === 0) return <p>No hit is in a video with a publication date.</p>
  const max = Math.max(1, ...buckets.map((b) => b.count))
  const barWidth = WIDTH / buckets.length
  const peak = buckets.reduce((a, b) => (b.count > a.count ? b : a))
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 16}`}
        className="h-36 w-full max-w-2xl"
        role="img"
        aria-label={`Hits per ${unit} of publication, ${buckets[0]!.label} to ${buckets.at(-1)!.label}; most in ${peak.label} (${peak.count}).`}
      >
        {buckets.map((b, i) => {
          const h = (b.count / max) * HEIGHT
          return (
            <rect
              key={b.label}
              x={i * barWidth + 1}
              y={HEIGHT - h}
              width={Math.max(1, barWidth - 2)}
              height={h}
              className="fill-sky-700"
            >
              <title>
                {b.label}: {b.count}
              </title>
            </rect>
          )
        })}
        <text x={0} y={HEIGHT + 14} className="fill-slate-600 text-[11px]">
          {buckets[0]!.label}
        </text>
        <text x={WIDTH} y={HEIGHT + 14} textAnchor="end" className="fill-slate-600 text-[11px]">
          {buckets.at(-1)!.label}
        </text>
      </svg>
      <figcaption className="text-sm text-slate-600">Hits per {unit} of publication</figcaption>
    </figure>
  )
}
