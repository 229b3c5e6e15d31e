import { useId } from 'react'
import type { CategoryCount } from '../lib/popular-rows.ts'

export type CategoryChartProps = { counts: readonly CategoryCount[]; total: number; selected?: string }

const BAR_HEIGHT = 20
const GAP = 6
const LABEL_WIDTH = 150
const BAR_SPACE = 210
const WIDTH = LABEL_WIDTH + BAR_SPACE + 50

const short = (s: string): string => (s.length > 22 ? `${s.slice(0, 21)}…` : s)

/** Counts of the loaded videos by category: one small hand-written SVG, with a table for screen readers and citing. */
export function CategoryChart({ counts, total, selected }: CategoryChartProps) {
  const titleId = useId()
  const descId = useId()
  const max = Math.max(1, ...counts.map((c) => c.count))
  const height = counts.length * (BAR_HEIGHT + GAP)
  const summary = counts
    .slice(0, 5)
    .map((c) => `${c.title} ${c.count}`)
    .join(', ')
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold">Loaded videos by category</figcaption>
      {counts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing loaded yet.</p>
      ) : (
        <>
          <svg
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            viewBox={`0 0 ${WIDTH} ${height}`}
            className="mt-3 w-full max-w-xl"
            style={{ height: 'auto' }}
          >
            <title id={titleId}>Loaded videos by category</title>
            <desc id={descId}>{`${total} videos in ${counts.length} categories; most: ${summary}.`}</desc>
            {counts.map((c, i) => {
              const y = i * (BAR_HEIGHT + GAP)
              const w = Math.max(2, (c.count / max) * BAR_SPACE)
              const active = selected === c.id
              return (
                <g key={c.id || '(none)'} transform={`translate(0 ${y})`}>
                  <text
                    x={LABEL_WIDTH - 8}
                    y={BAR_HEIGHT / 2}
                    dominantBaseline="central"
                    textAnchor="end"
                    fontSize="12"
                    fill="#334155"
                    fontWeight={active ? 700 : 400}
                  >
                    {short(c.title)}
                  </text>
                  <rect
                    x={LABEL_WIDTH}
                    y={0}
                    width={w}
                    height={BAR_HEIGHT}
                    rx={3}
                    fill={active ? '#0369a1' : selected ? '#bae6fd' : '#38bdf8'}
                  />
                  <text
                    x={LABEL_WIDTH + w + 6}
                    y={BAR_HEIGHT / 2}
                    dominantBaseline="central"
                    fontSize="12"
                    fill="#0f172a"
                  >
                    {c.count}
                  </text>
                </g>
              )
            })}
          </svg>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-sky-800">Show as a table</summary>
            <table className="mt-2 min-w-[16rem] text-left">
              <caption className="sr-only">Loaded videos by category</caption>
              <thead>
                <tr>
                  <th scope="col" className="pr-6">
                    Category
                  </th>
                  <th scope="col" className="pr-6">
                    Id
                  </th>
                  <th scope="col" className="text-right">
                    Videos
                  </th>
                </tr>
              </thead>
              <tbody>
                {counts.map((c) => (
                  <tr key={c.id || '(none)'}>
                    <th scope="row" className="pr-6 font-normal">
                      {c.title}
                    </th>
                    <td className="pr-6 tabular-nums">{c.id || '—'}</td>
                    <td className="text-right tabular-nums">{c.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  )
}
